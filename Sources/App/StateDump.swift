// One JSON object a frame: the states and events that `replay --dump` and `sticky --dump` write.

import Foundation
import Geometry
import Motion

enum StateDump {
    /// The dump line of the board at its current time, with the events since the last line.
    static func line(time: Double, board: BadgeBoard, events: [BoardEvent], parameters: Parameters) -> String {
        var out = "{\"t\":\(number(time)),\"pointer\":{\"x\":\(number(board.pointer.x)),\"y\":\(number(board.pointer.y)),"
        out += "\"down\":\(board.pointerIsDown)},\"badges\":["
        let shrink = parameters.motion.badge.shrink
        for (i, badge) in board.badges.enumerated() {
            let pose = badge.pose(shrink: shrink)
            let bridge = pose.flatMap { BadgePainter.bridge(of: $0, parameters: parameters) } != nil
            if i > 0 { out += "," }
            out += "{\"id\":\(badge.id),\"home\":[\(number(badge.home.x)),\(number(badge.home.y))],"
            out += "\"center\":[\(number(badge.center.x)),\(number(badge.center.y))],\"radius\":\(number(badge.radius)),"
            out += "\"smallRadius\":\(number(pose?.homeRadius ?? 0)),\"bridge\":\(bridge),\"phase\":\"\(badge.phase.rawValue)\","
            out += "\"text\":\(string(badge.text))}"
        }
        out += "],\"bodies\":[],\"events\":["
        out += events.map { "\"\($0.kind.rawValue)\"" }.joined(separator: ",")
        out += "]}"
        return out
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
