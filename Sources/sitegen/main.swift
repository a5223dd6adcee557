import Foundation
import SiteBuild

exit(CommandRunner.run(Array(CommandLine.arguments.dropFirst())))
