// PNG files through libpng's simplified API, written atomically.

import CPNG
import Foundation

public enum PNG {
    /// Writes `image` as 8-bit RGBA to `path` through `AtomicFile`: whole or not at all (and an
    /// existing file is harmed only by a whole new one).
    public static func write(_ image: Image, to path: String) throws(ImageFileError) {
        if let reason = AtomicFile.write(try encode(image, for: path), to: path) { throw ImageFileError.write(path: path, reason: reason) }
    }

    /// The PNG file's bytes, 8-bit RGBA (`path`: the file they are for, named by a failure).
    public static func encode(_ image: Image, for path: String) throws(ImageFileError) -> Data {
        guard image.width > 0, image.height > 0 else { throw ImageFileError.write(path: path, reason: "the picture is empty") }
        var control = png_image()
        control.version = sticky_png_image_version
        control.width = UInt32(image.width)
        control.height = UInt32(image.height)
        control.format = sticky_png_format_rgba
        let stride = Int32(4 * image.width)
        // Into a buffer of libpng's bound on the file's size: compressed once.
        var size = sticky_png_size_max(&control)
        var data = Data(count: size)
        let ok = data.withUnsafeMutableBytes { out in
            image.pixels.withUnsafeBytes { bytes in
                png_image_write_to_memory(&control, out.baseAddress, &size, 0, bytes.baseAddress, stride, nil)
            }
        }
        guard ok != 0 else { throw failure(&control, path) }
        data.count = size
        return data
    }

    private static func failure(_ control: inout png_image, _ path: String) -> ImageFileError {
        let reason = message(of: control)
        png_image_free(&control)
        return ImageFileError.write(path: path, reason: reason)
    }

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
