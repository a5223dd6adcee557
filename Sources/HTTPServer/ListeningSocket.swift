import Glibc

/// Binds the server's TCP socket. libmicrohttpd is handed a bound socket
/// rather than binding its own, so that a taken port (EADDRINUSE) can be
/// told apart from other failures and the next port tried.
enum ListeningSocket {
    /// How many ports after the one asked for are tried when it is taken.
    static let portsTried = 100

    /// The socket (non-blocking, listening) and the port it is bound to.
    static func open(address: String, port: UInt16, portIsFixed: Bool) throws(ServerError) -> (socket: Int32, port: UInt16) {
        let last = portIsFixed || port == 0 ? port : UInt16(min(Int(port) + portsTried - 1, Int(UInt16.max)))
        var candidate = port
        while true {
            let result = try bind(address: address, port: candidate)
            if let result { return result }
            guard candidate < last else {
                if portIsFixed || port == last { throw .portInUse(address, port) }
                throw ServerError("ports \(port) to \(last) on \(HostName.url(address)) are all in use; choose another port with --port")
            }
            candidate += 1
        }
    }

    /// nil when the port is taken.
    private static func bind(address: String, port: UInt16) throws(ServerError) -> (socket: Int32, port: UInt16)? {
        let host = address == "localhost" ? "127.0.0.1" : String(address.trimmingPrefix("[").prefix { $0 != "]" })
        var v4 = sockaddr_in()
        var v6 = sockaddr_in6()
        let family: Int32
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = port.bigEndian
        } else {
            throw ServerError("cannot listen on \(address): give a numeric IP address such as 127.0.0.1 or ::1")
        }
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { throw ServerError("cannot open a socket: \(String(cString: strerror(errno)))") }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 { setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size)) }
        let bound = family == AF_INET
            ? withUnsafePointer(to: &v4) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
            : withUnsafePointer(to: &v6) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        if bound != 0 {
            let failure = errno
            close(descriptor)
            if failure == EADDRINUSE { return nil }
            throw ServerError("cannot listen on \(HostName.url(address)):\(port): \(String(cString: strerror(failure)))")
        }
        guard listen(descriptor, SOMAXCONN) == 0 else {
            let failure = errno
            close(descriptor)
            throw ServerError("cannot listen on \(HostName.url(address)):\(port): \(String(cString: strerror(failure)))")
        }
        return (descriptor, boundPort(descriptor) ?? port)
    }

    private static func boundPort(_ descriptor: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard found == 0 else { return nil }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }
}
