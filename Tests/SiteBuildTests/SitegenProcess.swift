import Foundation
import TestSupport

/// Runs the built `sitegen` binary as a user would, in a given working
/// folder, and keeps what it printed on standard error.
struct SitegenProcess {
    let status: Int32
    let standardError: String

    /// `stderr` is read to its end before waiting, so a long report cannot
    /// fill the pipe and stall the child.
    static func run(_ arguments: [String], in folder: String) throws -> SitegenProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return SitegenProcess(status: process.terminationStatus, standardError: String(decoding: data, as: UTF8.self))
    }
}
