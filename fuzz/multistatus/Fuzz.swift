// libFuzzer target for the WebDAV multistatus reader of `tick sync` (XMLTree, Multistatus).
// Built by fuzz/run.sh with `swiftc -sanitize=fuzzer,address` from the reader's own source
// files. Besides "no crash", it checks a property: what was read, written back as a
// multistatus, reads again to the same hrefs, statuses, ETags and sync token.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Data(bytes: data, count: size)
    guard let first = try? Multistatus.parse(input, what: "fuzz") else { return 0 }
    let again = Data(rewritten(first).utf8)
    guard let second = try? Multistatus.parse(again, what: "fuzz again") else {
        fatalError("a multistatus Tick read could not be read again once written back")
    }
    let key = { (status: Multistatus) in status.resources.map { "\($0.href)|\($0.status ?? 0)|\($0.etag ?? "")" } }
    if key(first) != key(second) || first.syncToken != second.syncToken {
        fatalError("round trip changed the multistatus: \(key(first)) vs \(key(second))")
    }
    return 0
}

/// `status` as a multistatus document (what the parser kept of it).
func rewritten(_ status: Multistatus) -> String {
    var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?><D:multistatus xmlns:D=\"DAV:\">"
    for resource in status.resources {
        out += "<D:response><D:href>\(DAVBody.escaped(resource.href))</D:href>"
        if let code = resource.status { out += "<D:status>HTTP/1.1 \(code) X</D:status>" }
        if let etag = resource.etag {
            out += "<D:propstat><D:prop><D:getetag>\(DAVBody.escaped(etag))</D:getetag></D:prop><D:status>HTTP/1.1 200 OK</D:status></D:propstat>"
        }
        out += "</D:response>"
    }
    if let token = status.syncToken { out += "<D:sync-token>\(DAVBody.escaped(token))</D:sync-token>" }
    return out + "</D:multistatus>"
}
