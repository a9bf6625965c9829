// One JSON object a frame: the states and events that `replay --dump` and `sticky --dump` write.

import Foundation
import Geometry
import Motion

enum StateDump {
    /// The dump line of the board at its current time, with the events since the last line.
    static func line(time: Double, board: BadgeBoard, events: [BoardEvent], parameters: Parameters) -> String {
        line(time: time, pointer: board.pointer, down: board.pointerIsDown, badges: board.badges, bodies: [],
             events: events.map(\.kind.rawValue), parameters: parameters)
    }

    /// The dump line of any scene: badges (with their phases) and bodies (the chain's, head last).
    static func line(time: Double, pointer: Vec2, down: Bool, badges: [Badge], bodies: [Ball], events: [String],
                     parameters: Parameters) -> String {
        var out = "{\"t\":\(number(time)),\"pointer\":{\"x\":\(number(pointer.x)),\"y\":\(number(pointer.y)),"
        out += "\"down\":\(down)},\"badges\":["
        let shrink = parameters.motion.badge.shrink
        for (i, badge) in badges.enumerated() {
            let pose = badge.pose(shrink: shrink)
            let bridge = pose.flatMap { parameters.bridge(of: $0) } != nil
            if i > 0 { out += "," }
            out += "{\"id\":\(badge.id),\"home\":[\(number(badge.home.x)),\(number(badge.home.y))],"
            out += "\"center\":[\(number(badge.center.x)),\(number(badge.center.y))],\"radius\":\(number(badge.radius)),"
            out += "\"smallRadius\":\(number(pose?.homeRadius ?? 0)),\"bridge\":\(bridge),\"phase\":\"\(badge.phase.rawValue)\","
            out += "\"text\":\(string(badge.text))}"
        }
        out += "],\"bodies\":["
        out += bodies.map { "[\(number($0.center.x)),\(number($0.center.y)),\(number($0.radius))]" }.joined(separator: ",")
        out += "],\"events\":["
        out += events.map { "\"\($0)\"" }.joined(separator: ",")
        out += "]}"
        return out
    }

    /// Whether `line` is JSON whose numbers are all finite (`number` writes a non-finite one as
    /// null, and no field of a dump is null otherwise).
    static func isFiniteJSON(_ line: String) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) else { return false }
        func finite(_ value: Any) -> Bool {
            switch value {
            case is NSNull: false
            case let array as [Any]: array.allSatisfy(finite)
            case let object as [String: Any]: object.values.allSatisfy(finite)
            default: true
            }
        }
        return finite(object)
    }

    /// A finite number as JSON (shortest form that reads back exactly).
    static func number(_ x: Double) -> String {
        x.isFinite ? "\(x)" : "null"
    }

    static func string(_ s: String) -> String {
        var out = "\""
        for c in s.unicodeScalars {
            switch c {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where c.value < 0x20: out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(c)
            }
        }
        return out + "\""
    }
}
