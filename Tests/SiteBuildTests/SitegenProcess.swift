import Foundation
import TestSupport

/// Runs the built `sitegen` binary as a user would, in a given working
/// folder, and keeps what it printed on standard output and standard error.
struct SitegenProcess {
    let status: Int32
    let standardError: String
    let standardOutput: String

    /// `stderr` is read to its end before waiting, so a long report cannot
    /// fill the pipe and stall the child; `stdout` goes to a file, read after.
    static func run(_ arguments: [String], in folder: String) throws -> SitegenProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Repository.sitegenBinary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        let outputFile = NSTemporaryDirectory() + "sitegen-stdout-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: outputFile, contents: nil),
              let output = FileHandle(forWritingAtPath: outputFile) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: outputFile])
        }
        defer { try? FileManager.default.removeItem(atPath: outputFile) }
        process.standardOutput = output
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try output.close()
        let printed = FileManager.default.contents(atPath: outputFile) ?? Data()
        return SitegenProcess(status: process.terminationStatus, standardError: String(decoding: data, as: UTF8.self),
                              standardOutput: String(decoding: printed, as: UTF8.self))
    }
}
