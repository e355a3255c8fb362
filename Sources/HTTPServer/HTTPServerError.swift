/// Why a server could not start.
package enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// Another program listens on the port.
    case addressInUse(host: String, port: Int)
    /// The host is not a name or address this machine can listen on.
    case unknownHost(String, reason: String)
    /// The system refused the socket (a port below 1024 without privilege, say).
    case cannotListen(host: String, port: Int, reason: String)
    /// libmicrohttpd would not start.
    case cannotStart
    /// libmicrohttpd could not be opened (not installed, or not the version sitegen was built with).
    case cannotLoad(reason: String)

    package var description: String {
        switch self {
        case .addressInUse(let host, let port): return "port \(port) on \(host) is in use by another program"
        case .unknownHost(let host, let reason): return "cannot listen on '\(host)': \(reason)"
        case .cannotListen(let host, let port, let reason): return "cannot listen on \(host) port \(port): \(reason)"
        case .cannotStart: return "the HTTP server could not start"
        case .cannotLoad(let reason): return "the HTTP server could not start: \(reason) (install libmicrohttpd12 on Debian, libmicrohttpd with Homebrew)"
        }
    }
}
