import Foundation

/// The web app's files, read once at start from its folder: `index.html` at `/`, every
/// other file at its path below the folder (`/app/main.js`). Only files that were there
/// at start are served, so no path a client sends can reach outside the folder.
///
/// The files of `app/` are also served under a path named by their version,
/// `/app-VERSION/main.js` (VERSION: a hash of all of them), with `Cache-Control: immutable`:
/// the page, the service worker and the manifest name them so, and a returning visit loads
/// them from the browser's cache without asking again. Another version of Tick has
/// another VERSION, so a new version is never mixed with files of the old one.
struct StaticFiles: Sendable {
    struct File: Sendable {
        var bytes: [UInt8]
        var contentType: String
        var tag: String
    }

    let files: [String: File]

    /// The files under `root` (none for nil or a folder that cannot be read).
    init(root: URL?) {
        var files: [String: File] = [:]
        if let root, let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) {
            let base = root.standardizedFileURL.path
            for case let url as URL in enumerator {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                      let data = try? Data(contentsOf: url) else { continue }
                let relative = String(url.standardizedFileURL.path.dropFirst(base.count))
                let bytes = [UInt8](data)
                files[relative] = File(bytes: bytes, contentType: StaticFiles.contentType(of: url.pathExtension),
                                       tag: StaticFiles.tag(of: bytes))
            }
        }
        var combined: [UInt8] = []
        for (path, file) in files.sorted(by: { $0.key < $1.key }) where path.hasPrefix("/app/") {
            combined += Array(path.utf8) + Array(file.tag.utf8)
        }
        let version = String(StaticFiles.hash(combined).prefix(12))
        self.versionedPrefix = "/app-\(version)/"
        // The files that name the others: their references point at this version.
        for path in ["/index.html", "/sw.js", "/manifest.webmanifest"] {
            guard let file = files[path] else { continue }
            let bytes = Array(String(decoding: file.bytes, as: UTF8.self)
                .replacingOccurrences(of: "\"/app/", with: "\"/app-\(version)/").utf8)
            files[path] = File(bytes: bytes, contentType: file.contentType, tag: StaticFiles.tag(of: bytes))
        }
        if let index = files["/index.html"] { files["/"] = index }
        self.files = files
    }

    /// `/app-VERSION/` of this set of files.
    let versionedPrefix: String

    /// The file at the request's path (GET or HEAD), 304 when its `If-None-Match` names it.
    func response(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return Problem(status: 405, name: "method-not-allowed", detail: "\(request.path) takes GET",
                           headers: [("Allow", "GET, HEAD")]).response
        }
        let isVersioned = request.path.hasPrefix(versionedPrefix)
        let path = isVersioned ? "/app/" + request.path.dropFirst(versionedPrefix.count) : request.path
        guard let file = files[path] else {
            return Problem.notFound("there is no file \(request.path)").response
        }
        // A versioned file never changes; the others are checked at each load (no-cache
        // revalidates with the ETag).
        let caching = isVersioned ? "public, max-age=31536000, immutable" : "no-cache"
        if let condition = try? EntityTagCondition.header("if-none-match", of: request), condition.matchesWeakly(file.tag) {
            return HTTPResponse(status: 304, headers: [("ETag", file.tag), ("Cache-Control", caching)])
        }
        return HTTPResponse(status: 200, headers: [("Content-Type", file.contentType), ("ETag", file.tag),
                                                   ("Cache-Control", caching)],
                            // For HEAD too: libmicrohttpd sends the length of the body and not the body
                            // (an empty one said `Content-Length: 0`; a tester).
                            body: .bytes(file.bytes))
    }

    static func contentType(of pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json"
        case "webmanifest": return "application/manifest+json"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }

    /// A strong ETag of `bytes`: their length and FNV-1a hash.
    static func tag(of bytes: [UInt8]) -> String { "\"\(bytes.count)-\(hash(bytes))\"" }

    static func hash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
