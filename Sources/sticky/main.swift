// The `sticky` executable: everything lives in the App module.
import App
import Foundation

exit(CommandLine.run(Array(CommandLine.arguments.dropFirst())))
