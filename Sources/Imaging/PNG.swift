// PNG files through libpng's simplified API, written atomically.

import CPNG
import Foundation

public enum PNG {
    /// Writes `image` as 8-bit RGBA to `path`. The bytes go to a temporary file beside it that is
    /// renamed into place, so a failure never leaves a partial file (nor harms an existing one).
    public static func write(_ image: Image, to path: String) throws(ImageFileError) {
        guard image.width > 0, image.height > 0 else {
            throw ImageFileError.write(path: path, reason: "the picture is empty")
        }
        let directory = PathName.folder(of: path)
        let folder = directory.isEmpty ? "." : directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ImageFileError.write(path: path, reason: "no such directory '\(folder)'")
        }
        let temporary = AtomicFile.temporaryPath(beside: path)
        var control = png_image()
        control.version = sticky_png_image_version
        control.width = UInt32(image.width)
        control.height = UInt32(image.height)
        control.format = sticky_png_format_rgba
        errno = 0
        let ok = image.pixels.withUnsafeBytes { bytes in
            png_image_write_to_file(&control, temporary, 0, bytes.baseAddress, Int32(4 * image.width), nil)
        }
        if ok == 0 {
            // libpng says "Write Error" where the system says why (a full disk, a read-only one).
            let code = errno
            let reason = code != 0 ? String(cString: strerror(code)) : message(of: control)
            png_image_free(&control)
            unlink(temporary)
            throw ImageFileError.write(path: path, reason: "\(reason)")
        }
        if rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ImageFileError.write(path: path, reason: "\(reason)")
        }
    }

    /// A hidden file beside `path` to write into and then rename over it, so a failure never
    /// leaves a partial file (PNG, GIF and APNG writers alike).
    /// Reads any PNG file as 8-bit RGBA, top row first.
    public static func read(from path: String) throws(ImageFileError) -> Image {
        var control = png_image()
        control.version = sticky_png_image_version
        guard png_image_begin_read_from_file(&control, path) != 0 else {
            let reason = message(of: control)
            png_image_free(&control)
            throw ImageFileError.read(path: path, reason: "\(reason)")
        }
        control.format = sticky_png_format_rgba
        let width = Int(control.width), height = Int(control.height)
        var pixels = [UInt8](repeating: 0, count: 4 * width * height)
        let ok = pixels.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&control, nil, bytes.baseAddress, Int32(4 * width), nil)
        }
        guard ok != 0 else {
            let reason = message(of: control)
            png_image_free(&control)
            throw ImageFileError.read(path: path, reason: "\(reason)")
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    private static func message(of control: png_image) -> String {
        withUnsafeBytes(of: control.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
