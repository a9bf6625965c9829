// Build-tool plugin: turns every file in the package's top-level Shaders/ folder into a Swift
// string, so the GLSL has one source and an installed binary needs no resource files.
import Foundation
import PackagePlugin

@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Shaders")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".vert") || $0.hasSuffix(".frag") || $0.hasSuffix(".glsl") }
            .sorted()
        let inputs = names.map { folder.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) shaders from Shaders/",
                executable: try context.tool(named: "shader-embed").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
