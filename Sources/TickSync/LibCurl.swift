import CCurl
import TickModel

/// The functions of libcurl's easy interface that `CurlConnection` calls, looked up once
/// per process when a sync first sends a request (libcurl and the 30 libraries it brings
/// are not mapped at the start of every other command).
///
/// The types follow curl/curl.h and curl/easy.h. `curl_easy_setopt` and
/// `curl_easy_getinfo` are variadic: only their addresses are kept, and the wrappers of
/// CCurl's shim call them with their real prototype.
struct LibCurl: @unchecked Sendable {
    // Safe to share: immutable addresses of functions in a library that stays open; libcurl
    // allows its easy functions on any thread, one handle at a time.
    let easyInit: @convention(c) () -> UnsafeMutableRawPointer?
    let easyCleanup: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let easyReset: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let easyPerform: @convention(c) (UnsafeMutableRawPointer?) -> CURLcode
    let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
    let slistAppend: @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<curl_slist>?
    let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
    let version: @convention(c) () -> UnsafeMutablePointer<CChar>?
    private let setoptAddress: UnsafeMutableRawPointer
    private let getinfoAddress: UnsafeMutableRawPointer

    /// The library as this process opened it, or why it could not.
    private static let shared = Result { try LibCurl(["libcurl.so.4"]) }

    /// libcurl, opened on the first call.
    /// - Throws: `SharedLibraryError` naming libcurl and its Debian package when it is not
    ///   installed (on this call and every later one), or lacks a function.
    static func load() throws -> LibCurl { try shared.get() }

    /// Opens the first of `fileNames` that loads; the tests give a name that does not exist.
    /// - Throws: `SharedLibraryError`.
    init(_ fileNames: [String]) throws {
        let library = try SharedLibrary(fileNames, debianPackage: "libcurl4")
        easyInit = try library.function("curl_easy_init")
        easyCleanup = try library.function("curl_easy_cleanup")
        easyReset = try library.function("curl_easy_reset")
        easyPerform = try library.function("curl_easy_perform")
        easyStrerror = try library.function("curl_easy_strerror")
        slistAppend = try library.function("curl_slist_append")
        slistFreeAll = try library.function("curl_slist_free_all")
        version = try library.function("curl_version")
        setoptAddress = try library.address("curl_easy_setopt")
        getinfoAddress = try library.address("curl_easy_getinfo")
    }

    /// `curl_easy_setopt` for an option that takes a long.
    func setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, long value: Int) -> CURLcode {
        tick_curl_setopt_long(setoptAddress, handle, option, value)
    }

    /// `curl_easy_setopt` for an option that takes a string (libcurl copies it).
    func setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, string value: String) -> CURLcode {
        tick_curl_setopt_string(setoptAddress, handle, option, value)
    }

    /// `curl_easy_setopt` for an option that takes a pointer (kept by libcurl, not copied).
    func setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, pointer value: UnsafeMutableRawPointer?) -> CURLcode {
        tick_curl_setopt_pointer(setoptAddress, handle, option, value)
    }

    /// `curl_easy_setopt` for an option that takes a `curl_slist`.
    func setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, list value: UnsafeMutablePointer<curl_slist>?) -> CURLcode {
        tick_curl_setopt_list(setoptAddress, handle, option, value)
    }

    /// `curl_easy_setopt` for an option that takes a `curl_off_t`.
    func setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, size value: curl_off_t) -> CURLcode {
        tick_curl_setopt_size(setoptAddress, handle, option, value)
    }

    /// `curl_easy_setopt` for CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
    func setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, callback value: tick_curl_data_callback) -> CURLcode {
        tick_curl_setopt_callback(setoptAddress, handle, option, value)
    }

    /// `curl_easy_setopt` for CURLOPT_XFERINFOFUNCTION.
    func setopt(_ handle: UnsafeMutableRawPointer, _ option: CURLoption, progress value: tick_curl_progress_callback) -> CURLcode {
        tick_curl_setopt_progress(setoptAddress, handle, option, value)
    }

    /// `curl_easy_getinfo` for an item that is a long.
    func getinfo(_ handle: UnsafeMutableRawPointer, _ info: CURLINFO, long value: inout Int) -> CURLcode {
        tick_curl_getinfo_long(getinfoAddress, handle, info, &value)
    }
}
