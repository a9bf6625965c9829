@testable import Geometry
let home = Vec2(1434.6616846185434, 289.48745713822404)
let badge = Vec2(1481.5785372847015, 354.1786951910462)
let b = Bridge(home: home, homeRadius: 0, badge: badge, badgeRadius: 5.074615928938616, parameters: BridgeParameters(style: .cubic), maxDistance: 60)!
print(b.length, b.area, b.side.0, b.side.1!)
var m = MeshBuilder()
m.addBridge(b, color: .badgeRed, tolerance: 0.2, feather: 0)
let mesh = m.mesh
var area = 0.0
for t in 0..<mesh.triangleCount { area += mesh.signedArea(ofTriangle: t) }
print(area, mesh.vertices.count, mesh.triangleCount)
print(b.side.0.flattened(tolerance: 0.2).map { "(\($0.x), \($0.y))" })
print(b.side.1!.flattened(tolerance: 0.2).map { "(\($0.x), \($0.y))" })
for i in stride(from: 0, to: mesh.vertices.count, by: 2) { let v = mesh.vertices[i]; let l = Vec2(Double(v.x), Double(v.y)) - home; print(l.dot(b.axis), l.dot(b.axis.perpendicular)) }
