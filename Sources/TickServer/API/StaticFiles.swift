import Foundation

/// The web app's files, read once at start from its folder: `index.html` at `/`, every
/// other file at its path below the folder (`/app/main.js`). Only files that were there
/// at start are served, so no path a client sends can reach outside the folder.
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
                                       tag: "\"\(bytes.count)-\(StaticFiles.hash(bytes))\"")
            }
        }
        if let index = files["/index.html"] { files["/"] = index }
        self.files = files
    }

    /// The file at the request's path (GET or HEAD), 304 when its `If-None-Match` names it.
    func response(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return Problem(status: 405, name: "method-not-allowed", detail: "\(request.path) takes GET",
                           headers: [("Allow", "GET, HEAD")]).response
        }
        guard let file = files[request.path] else {
            return Problem.notFound("there is no file \(request.path)").response
        }
        if request.header("if-none-match") == file.tag {
            return HTTPResponse(status: 304, headers: [("ETag", file.tag)])
        }
        // The app checks for a new version at each load (no-cache revalidates with the ETag).
        return HTTPResponse(status: 200, headers: [("Content-Type", file.contentType), ("ETag", file.tag),
                                                   ("Cache-Control", "no-cache")],
                            body: .bytes(request.method == "HEAD" ? [] : file.bytes))
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

    static func hash(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return String(hash, radix: 16)
    }
}
