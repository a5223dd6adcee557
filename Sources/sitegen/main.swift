// Linked for its malloc alone (see Package.swift): nothing of it is called.
internal import CTCMalloc
import Foundation
import SiteBuild
import SiteServe

exit(CommandRunner.run(Array(CommandLine.arguments.dropFirst()), serve: ServeCommand.run))
