// `sticky-fuzz`: the fuzz targets of App.FuzzTarget. Built by scripts/fuzz (STICKY_FUZZ=1:
// libFuzzer and AddressSanitizer, see Package.swift), libFuzzer drives it (the target named by
// STICKY_FUZZ_TARGET); built plainly, it replays inputs: `sticky-fuzz TARGET FILE|DIR ...`.

import App
import CFuzzDriver
import Foundation

#if STICKY_LIBFUZZER
    /// The target, read once from the environment.
    let fuzzTarget: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["STICKY_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
            FileHandle.standardError.write(Data("sticky-fuzz: set STICKY_FUZZ_TARGET to one of \(names)\n".utf8))
            exit(2)
        }
        return target
    }()

    /// The program's entry (SwiftPM names an executable's main after its module): libFuzzer's
    /// driver, with its usual flags.
    @_cdecl("sticky_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
        _ = fuzzTarget
        var count = argc
        var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
            fuzzTarget.run(UnsafeRawBufferPointer(start: data, count: size))
            return 0
        }
    }
#else
    @main
    enum StickyFuzz {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count >= 2 else {
                let lines = FuzzTarget.allCases.map { "  \($0.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)" }
                print("usage: sticky-fuzz TARGET FILE|DIR ...   (runs each input through the target)\n\ntargets:\n" + lines.joined(separator: "\n"))
                exit(2)
            }
            var count = 0
            for path in arguments.dropFirst() {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                    FileHandle.standardError.write(Data("sticky-fuzz: no such file '\(path)'\n".utf8))
                    exit(1)
                }
                let files = isDirectory.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted().map { path + "/" + $0 }
                    : [path]
                for file in files {
                    guard let data = FileManager.default.contents(atPath: file) else { continue }
                    data.withUnsafeBytes { target.run($0) }
                    count += 1
                }
            }
            print("sticky-fuzz: \(count) inputs through \(name), no broken promise")
        }
    }
#endif
