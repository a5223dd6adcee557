import Foundation

/// The data of the events `sitegen serve` sends besides `reload` (see `ReloadPlan.json`).
enum ServeEvents {
    /// `problems`: the lines of a failed build, as the terminal shows them;
    /// none once a build succeeds again.
    static func problems(_ lines: [String]) -> String {
        "{\"lines\":\(JSONText.array(lines))}"
    }

    /// `version`: which good build the server holds, so that a tab whose
    /// stream reconnects (the server restarted) knows whether to reload.
    static func version(_ build: Int) -> String {
        "\(ProcessInfo.processInfo.processIdentifier)-\(build)"
    }
}
