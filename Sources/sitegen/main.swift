import Foundation
import SiteBuild
import SiteServe

exit(CommandRunner.run(Array(CommandLine.arguments.dropFirst()), serve: ServeCommand.run))
