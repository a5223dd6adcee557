/// One open event stream (a browser tab). Its fields belong to `EventHub`'s
/// lock; libmicrohttpd reads `pending` through the hub while the connection
/// is running, and the connection is suspended while there is nothing to send.
final class EventStream: @unchecked Sendable {
    let connection: OpaquePointer
    var pending: [UInt8]
    var sent = 0
    var suspended = false
    var closing = false

    init(connection: OpaquePointer, pending: [UInt8]) {
        self.connection = connection
        self.pending = pending
    }
}
