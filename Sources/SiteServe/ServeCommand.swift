import Dispatch
import Foundation
import SiteBuild
#if canImport(Glibc)
import Glibc
#endif

/// `sitegen serve`: starts the controller and serves until Ctrl-C or
/// SIGTERM, which end it with status 0 and nothing left behind.
public enum ServeCommand {
    public static func run(_ options: ServeOptions) -> Int32 {
        // Signals are taken from a dispatch source, on a queue, where any
        // code may run; the default actions are turned off first.
        for number in [SIGINT, SIGTERM, SIGPIPE] { signal(number, SIG_IGN) }
        let stop = DispatchSemaphore(value: 0)
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stop.signal() }
            source.resume()
            return source
        }
        defer { sources.forEach { $0.cancel() } }
        let controller: ServeController
        do {
            controller = try ServeController(options)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            return 1
        }
        controller.start()
        stop.wait()
        controller.shutDown()
        return 0
    }
}
