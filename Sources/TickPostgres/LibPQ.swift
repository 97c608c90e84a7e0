import CLibPQ
import TickModel

/// The functions of libpq that TickPostgres calls, looked up in the library when a command
/// first connects to PostgreSQL rather than mapped by the loader at every start of `tick`
/// (libpq brings some 20 libraries with it: TLS, Kerberos, LDAP).
///
/// Each type is the prototype in `libpq-fe.h` as Swift imports it (`PGconn *` and
/// `PGresult *` are opaque). None of these functions is variadic.
struct LibPQ: @unchecked Sendable {
    // @unchecked: only immutable addresses of C functions, which any thread may call
    // (each on a connection that thread holds; see PostgresConnection).

    let connectdbParams: @convention(c) (_ keywords: UnsafePointer<UnsafePointer<CChar>?>?,
                                         _ values: UnsafePointer<UnsafePointer<CChar>?>?, _ expandDBName: Int32) -> OpaquePointer?
    let finish: @convention(c) (_ conn: OpaquePointer?) -> Void
    let conninfoParse: @convention(c) (_ conninfo: UnsafePointer<CChar>?,
                                       _ errmsg: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> UnsafeMutablePointer<PQconninfoOption>?
    let conninfoFree: @convention(c) (_ connOptions: UnsafeMutablePointer<PQconninfoOption>?) -> Void
    let status: @convention(c) (_ conn: OpaquePointer?) -> ConnStatusType
    let transactionStatus: @convention(c) (_ conn: OpaquePointer?) -> PGTransactionStatusType
    let serverVersion: @convention(c) (_ conn: OpaquePointer?) -> Int32
    let errorMessage: @convention(c) (_ conn: OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let socket: @convention(c) (_ conn: OpaquePointer?) -> Int32
    let backendPID: @convention(c) (_ conn: OpaquePointer?) -> Int32
    let setClientEncoding: @convention(c) (_ conn: OpaquePointer?, _ encoding: UnsafePointer<CChar>?) -> Int32
    let setNoticeProcessor: @convention(c) (_ conn: OpaquePointer?, _ proc: PQnoticeProcessor?,
                                            _ arg: UnsafeMutableRawPointer?) -> PQnoticeProcessor?
    let execParams: @convention(c) (_ conn: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ nParams: Int32,
                                    _ paramTypes: UnsafePointer<Oid>?, _ paramValues: UnsafePointer<UnsafePointer<CChar>?>?,
                                    _ paramLengths: UnsafePointer<Int32>?, _ paramFormats: UnsafePointer<Int32>?,
                                    _ resultFormat: Int32) -> OpaquePointer?
    let prepare: @convention(c) (_ conn: OpaquePointer?, _ stmtName: UnsafePointer<CChar>?, _ query: UnsafePointer<CChar>?,
                                 _ nParams: Int32, _ paramTypes: UnsafePointer<Oid>?) -> OpaquePointer?
    let execPrepared: @convention(c) (_ conn: OpaquePointer?, _ stmtName: UnsafePointer<CChar>?, _ nParams: Int32,
                                      _ paramValues: UnsafePointer<UnsafePointer<CChar>?>?,
                                      _ paramLengths: UnsafePointer<Int32>?, _ paramFormats: UnsafePointer<Int32>?,
                                      _ resultFormat: Int32) -> OpaquePointer?
    let consumeInput: @convention(c) (_ conn: OpaquePointer?) -> Int32
    // Pipeline mode (libpq 14 and later): a transaction's BEGIN goes out with its first statement.
    let enterPipelineMode: @convention(c) (_ conn: OpaquePointer?) -> Int32
    let exitPipelineMode: @convention(c) (_ conn: OpaquePointer?) -> Int32
    let pipelineSync: @convention(c) (_ conn: OpaquePointer?) -> Int32
    let sendQueryParams: @convention(c) (_ conn: OpaquePointer?, _ command: UnsafePointer<CChar>?, _ nParams: Int32,
                                         _ paramTypes: UnsafePointer<Oid>?, _ paramValues: UnsafePointer<UnsafePointer<CChar>?>?,
                                         _ paramLengths: UnsafePointer<Int32>?, _ paramFormats: UnsafePointer<Int32>?,
                                         _ resultFormat: Int32) -> Int32
    let sendQueryPrepared: @convention(c) (_ conn: OpaquePointer?, _ stmtName: UnsafePointer<CChar>?, _ nParams: Int32,
                                           _ paramValues: UnsafePointer<UnsafePointer<CChar>?>?, _ paramLengths: UnsafePointer<Int32>?,
                                           _ paramFormats: UnsafePointer<Int32>?, _ resultFormat: Int32) -> Int32
    let getResult: @convention(c) (_ conn: OpaquePointer?) -> OpaquePointer?
    let notifies: @convention(c) (_ conn: OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
    let resultStatus: @convention(c) (_ res: OpaquePointer?) -> ExecStatusType
    let resultErrorField: @convention(c) (_ res: OpaquePointer?, _ fieldcode: Int32) -> UnsafeMutablePointer<CChar>?
    let ntuples: @convention(c) (_ res: OpaquePointer?) -> Int32
    let nfields: @convention(c) (_ res: OpaquePointer?) -> Int32
    let fname: @convention(c) (_ res: OpaquePointer?, _ fieldNum: Int32) -> UnsafeMutablePointer<CChar>?
    let cmdTuples: @convention(c) (_ res: OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let getvalue: @convention(c) (_ res: OpaquePointer?, _ tupNum: Int32, _ fieldNum: Int32) -> UnsafeMutablePointer<CChar>?
    let getisnull: @convention(c) (_ res: OpaquePointer?, _ tupNum: Int32, _ fieldNum: Int32) -> Int32
    let getlength: @convention(c) (_ res: OpaquePointer?, _ tupNum: Int32, _ fieldNum: Int32) -> Int32
    let clear: @convention(c) (_ res: OpaquePointer?) -> Void
    let freemem: @convention(c) (_ ptr: UnsafeMutableRawPointer?) -> Void
    let escapeIdentifier: @convention(c) (_ conn: OpaquePointer?, _ str: UnsafePointer<CChar>?, _ len: Int) -> UnsafeMutablePointer<CChar>?
    let libVersion: @convention(c) () -> Int32
}

extension LibPQ {
    /// libpq's soname.
    static let fileNames = ["libpq.so.5"]
    /// The Debian package that installs it.
    static let debianPackage = "libpq5"

    /// libpq, opened by the first caller in the process; later callers get the same
    /// functions, or the same error.
    /// - Throws: `PostgresError.missingLibrary` with `SharedLibraryError`'s text (which
    ///   library, what the loader said, which Debian package brings it).
    static func load() throws(PostgresError) -> LibPQ {
        try shared.get()
    }

    private static let shared = Result { () throws(PostgresError) in try open(fileNames) }

    /// Opens the first of `fileNames` that loads and looks up every function (the
    /// library's own name in production; another in tests, to see the error).
    /// - Throws: `PostgresError.missingLibrary`.
    static func open(_ fileNames: [String]) throws(PostgresError) -> LibPQ {
        do {
            return try LibPQ(SharedLibrary(fileNames, debianPackage: debianPackage))
        } catch {
            throw PostgresError(.missingLibrary, message: String(describing: error))
        }
    }

    private init(_ library: SharedLibrary) throws {
        self.init(connectdbParams: try library.function("PQconnectdbParams"),
                  finish: try library.function("PQfinish"),
                  conninfoParse: try library.function("PQconninfoParse"),
                  conninfoFree: try library.function("PQconninfoFree"),
                  status: try library.function("PQstatus"),
                  transactionStatus: try library.function("PQtransactionStatus"),
                  serverVersion: try library.function("PQserverVersion"),
                  errorMessage: try library.function("PQerrorMessage"),
                  socket: try library.function("PQsocket"),
                  backendPID: try library.function("PQbackendPID"),
                  setClientEncoding: try library.function("PQsetClientEncoding"),
                  setNoticeProcessor: try library.function("PQsetNoticeProcessor"),
                  execParams: try library.function("PQexecParams"),
                  prepare: try library.function("PQprepare"),
                  execPrepared: try library.function("PQexecPrepared"),
                  consumeInput: try library.function("PQconsumeInput"),
                  enterPipelineMode: try library.function("PQenterPipelineMode"),
                  exitPipelineMode: try library.function("PQexitPipelineMode"),
                  pipelineSync: try library.function("PQpipelineSync"),
                  sendQueryParams: try library.function("PQsendQueryParams"),
                  sendQueryPrepared: try library.function("PQsendQueryPrepared"),
                  getResult: try library.function("PQgetResult"),
                  notifies: try library.function("PQnotifies"),
                  resultStatus: try library.function("PQresultStatus"),
                  resultErrorField: try library.function("PQresultErrorField"),
                  ntuples: try library.function("PQntuples"),
                  nfields: try library.function("PQnfields"),
                  fname: try library.function("PQfname"),
                  cmdTuples: try library.function("PQcmdTuples"),
                  getvalue: try library.function("PQgetvalue"),
                  getisnull: try library.function("PQgetisnull"),
                  getlength: try library.function("PQgetlength"),
                  clear: try library.function("PQclear"),
                  freemem: try library.function("PQfreemem"),
                  escapeIdentifier: try library.function("PQescapeIdentifier"),
                  libVersion: try library.function("PQlibVersion"))
    }
}
