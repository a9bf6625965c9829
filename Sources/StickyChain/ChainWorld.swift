// Seed 004's caterpillar: a chain of circles under gravity, on Chipmunk2D, dragged by its head.

@preconcurrency import CChipmunk
import Geometry

/// The chain's tunable values, with the seed's as defaults.
public struct ChainParameters: Hashable, Sendable {
    /// Bodies in the chain, head included (seed: 9).
    public var count = 9
    /// Radius of a body, px (seed: 30 px wide).
    public var radius = 15.0
    /// Radius of the head, the last body, px (seed: 60 px wide).
    public var headRadius = 30.0
    /// Downward acceleration, px/s² (UIKit's gravity of magnitude 1.0 is 1000 pt/s²).
    public var gravity = 1000.0
    /// 0: each body is held at its starting distance from the next (rigid, as UIKit's
    /// attachment); above 0, the joints are damped springs of this stiffness (per unit mass, 1/s²).
    public var stiffness = 0.0
    /// Damping of the spring joints (per unit mass, 1/s).
    public var jointDamping = 5.0
    /// Fraction of velocity kept after one second (air drag).
    public var airDrag = 0.6

    public init() {}
}

/// The physics of the chain: bodies, joints, walls along the canvas bounds (or `inset` inside
/// them), and the pointer's grip on the head. Stepped in fixed steps of 1/240 s (`substeps`
/// each), so a script gives the same states on every machine. Not thread-safe: one owner.
public final class ChainWorld {
    public static let stepRate = 240.0
    /// Solver substeps a step: rigid joints stay within 1% of their length while dragged.
    public static let substeps = 8
    public private(set) var parameters: ChainParameters
    public private(set) var width: Double
    public private(set) var height: Double
    /// How far inside the canvas's edges the walls stand (so that a fill reaching past the
    /// bodies' circles, such as the metaball field, is not cut off by the canvas).
    public private(set) var inset: Double
    /// Seconds simulated.
    public private(set) var time = 0.0

    private var space: OpaquePointer
    private var bodies: [OpaquePointer] = []
    private var radii: [Double] = []
    private var walls: [OpaquePointer] = []
    private var joints: [OpaquePointer] = []
    private var restLengths: [Double] = []
    private var mouse: OpaquePointer
    private var grip: OpaquePointer?
    private var pointer = Vec2.zero
    private var previousPointer = Vec2.zero
    /// Seconds the chain has been still (kinetic energy below `stillEnergy`).
    private var stillFor = 0.0
    static let stillEnergy = 1e-3

    /// The mass of a body per square pixel of its disk.
    static let density = 1.0 / 900
    /// Force cap of the pointer's grip: strong enough to lift the chain briskly, too weak to tear
    /// it or push a body through a wall.
    static let gripForce = 150_000.0

    public init(width: Double, height: Double, parameters: ChainParameters = ChainParameters(), inset: Double = 0) {
        self.width = width
        self.height = height
        self.parameters = parameters
        self.inset = inset.isFinite ? max(0, inset) : 0
        space = sticky_quiet_space_new()
        mouse = cpBodyNewKinematic()
        cpSpaceSetIterations(space, 50)
        cpSpaceSetGravity(space, cpv(0, parameters.gravity))
        cpSpaceSetDamping(space, parameters.airDrag)
        build()
        buildWalls()
    }

    deinit {
        tearDown()
        cpSpaceFree(space)
        cpBodyFree(mouse)
    }

    /// The seed's layout: `count` bodies (3 to 50) in a row at y = 100 (their frames' top), from
    /// x = `left`, each frame 2r wide next to the previous, the head last and twice as big,
    /// raised by r to keep the same centre line. A row that would pass `right` turns back
    /// there: the next body straight below the last, a row lower (r + the larger of r and the
    /// head's radius, so no two bodies overlap), the row going on the other way, and so on (50
    /// bodies in a window 800 wide lie in two rows, not out past its right wall).
    public static func seedRow(_ parameters: ChainParameters, left: Double = 0, right: Double = .infinity) -> [Ball] {
        let n = max(3, min(50, parameters.count))
        let pitch = parameters.radius + max(parameters.radius, parameters.headRadius)
        var row: [Ball] = []
        var y = 100 + parameters.radius, forward = true
        for i in 0..<n {
            let r = i == n - 1 ? parameters.headRadius : parameters.radius
            guard let last = row.last else {
                row.append(Ball(center: Vec2(left + r, y), radius: r))
                continue
            }
            let x = last.center.x + (forward ? 1 : -1) * (last.radius + r)
            if forward ? x + r <= right : x - r >= left {
                row.append(Ball(center: Vec2(x, y), radius: r))
            } else {
                // The turn: below the last body, within the walls (a head larger than the
                // bodies kept off the wall it turned at).
                y += pitch
                forward.toggle()
                row.append(Ball(center: Vec2(min(max(last.center.x, left + r), max(left + r, right - r)), y), radius: r))
            }
        }
        return row
    }

    /// The seed's row from the left wall (x = `inset`), turning back at the right one, each
    /// body joined to the next at its starting distance; bodies still outside the room (a room
    /// too small for the rows) are pressed in.
    private func build() {
        let row = ChainWorld.seedRow(parameters, left: wallInset, right: width - wallInset)
        let n = row.count
        for ball in row {
            let r = ball.radius
            let mass = Double.pi * r * r * ChainWorld.density
            let body = cpSpaceAddBody(space, cpBodyNew(mass, cpMomentForCircle(mass, 0, r, cpvzero)))!
            cpBodySetPosition(body, cpv(ball.center.x, ball.center.y))
            let shape = cpSpaceAddShape(space, cpCircleShapeNew(body, r, cpvzero))!
            cpShapeSetFriction(shape, 0.4)
            cpShapeSetElasticity(shape, 0.1)
            bodies.append(body)
            radii.append(r)
        }
        for i in 0..<(n - 1) {
            let a = bodies[i], b = bodies[i + 1]
            let rest = cpvdist(cpBodyGetPosition(a), cpBodyGetPosition(b))
            joints.append(join(a, b, rest: rest))
            restLengths.append(rest)
        }
        pressIn()
    }

    /// Thick static segments just outside the canvas (less `inset`), so nothing tunnels through.
    private func buildWalls() {
        for wall in walls {
            cpSpaceRemoveShape(space, wall)
            cpShapeFree(wall)
        }
        walls.removeAll()
        let m = wallInset, t = 50.0, x0 = m - t, y0 = m - t, x1 = width - m + t, y1 = height - m + t
        let staticBody = cpSpaceGetStaticBody(space)
        for (a, b) in [(cpv(x0, y0), cpv(x0, y1)), (cpv(x1, y0), cpv(x1, y1)),
                       (cpv(x0, y0), cpv(x1, y0)), (cpv(x0, y1), cpv(x1, y1))] {
            let wall = cpSpaceAddShape(space, cpSegmentShapeNew(staticBody, a, b, t))!
            cpShapeSetFriction(wall, 0.8)
            cpShapeSetElasticity(wall, 0.1)
            walls.append(wall)
        }
    }

    /// Where the walls stand: `inset`, cut down where it would leave less room than the largest
    /// body needs.
    private var wallInset: Double {
        let room = 2 * max(parameters.radius, parameters.headRadius)
        return max(0, min(inset, (width - room) / 2, (height - room) / 2))
    }

    private func tearDown() {
        release()
        for joint in joints {
            cpSpaceRemoveConstraint(space, joint)
            cpConstraintFree(joint)
        }
        for body in bodies {
            // A body's shapes go with it.
            cpBodyEachShape(body, { body, shape, data in
                let space = OpaquePointer(data!)
                cpSpaceRemoveShape(space, shape)
                cpShapeFree(shape)
            }, UnsafeMutableRawPointer(space))
            cpSpaceRemoveBody(space, body)
            cpBodyFree(body)
        }
        for wall in walls {
            cpSpaceRemoveShape(space, wall)
            cpShapeFree(wall)
        }
        joints.removeAll()
        bodies.removeAll()
        radii.removeAll()
        walls.removeAll()
        restLengths.removeAll()
    }

    /// New parameters, taken where the chain is: gravity, air drag and the joints' stiffness
    /// and damping change in place (the joints made anew, at their rest lengths, between rigid
    /// and springy), and the chain goes on from its pose and motion; a new count or radius
    /// makes it anew in the seed's row (`reset`). Whether it was made anew.
    @discardableResult
    public func retune(_ new: ChainParameters) -> Bool {
        guard new != parameters else { return false }
        guard new.count == parameters.count, new.radius == parameters.radius, new.headRadius == parameters.headRadius else {
            reset(parameters: new)
            return true
        }
        let old = parameters
        parameters = new
        stillFor = 0
        cpSpaceSetGravity(space, cpv(0, new.gravity))
        cpSpaceSetDamping(space, new.airDrag)
        if (old.stiffness > 0) != (new.stiffness > 0) {
            // Rigid to springs or back: other joints, at the same rest lengths.
            for joint in joints {
                cpSpaceRemoveConstraint(space, joint)
                cpConstraintFree(joint)
            }
            joints = restLengths.indices.map { i in join(bodies[i], bodies[i + 1], rest: restLengths[i]) }
        } else if new.stiffness > 0 {
            for (i, joint) in joints.enumerated() {
                let mass = cpBodyGetMass(bodies[i])
                cpDampedSpringSetStiffness(joint, new.stiffness * mass)
                cpDampedSpringSetDamping(joint, new.jointDamping * mass)
            }
        }
        return false
    }

    /// A joint between two neighbours at `rest` apart: a damped spring of the parameters'
    /// stiffness, or rigid at 0.
    private func join(_ a: OpaquePointer, _ b: OpaquePointer, rest: Double) -> OpaquePointer {
        let joint: OpaquePointer
        if parameters.stiffness > 0 {
            let mass = cpBodyGetMass(a)
            joint = cpDampedSpringNew(a, b, cpvzero, cpvzero, rest, parameters.stiffness * mass, parameters.jointDamping * mass)
        } else {
            joint = cpPinJointNew(a, b, cpvzero, cpvzero)
            // Rigid: drift from the length is corrected within a few milliseconds.
            cpConstraintSetErrorBias(joint, 1e-60)
            // (Held at `rest`, whatever the bodies' distance now.)
            cpPinJointSetDist(joint, rest)
        }
        cpSpaceAddConstraint(space, joint)
        return joint
    }

    /// Back to the seed's layout with new parameters (and the same canvas).
    public func reset(parameters: ChainParameters? = nil) {
        stillFor = 0
        tearDown()
        if let parameters { self.parameters = parameters }
        cpSpaceSetGravity(space, cpv(0, self.parameters.gravity))
        cpSpaceSetDamping(space, self.parameters.airDrag)
        build()
        buildWalls()
    }

    /// The canvas changed size (or the walls' inset): the walls follow, and a chain left
    /// outside them is moved back in whole, by the least shift that brings it in (a chain
    /// resting on the floor still rests on it, its joints as they were: moved body by body,
    /// the joints' errors would fling it across the window). A chain wider or taller than the
    /// room is laid anew in the seed's rows for it (`seedRow`), and falls again.
    public func resize(width: Double, height: Double, inset: Double? = nil) {
        guard width > 0, height > 0 else { return }
        self.width = width
        self.height = height
        if let inset, inset.isFinite { self.inset = max(0, inset) }
        stillFor = 0
        buildWalls()
        let m = wallInset
        let positions = bodies.map { cpBodyGetPosition($0) }
        // The room's bounds for the bodies' edges, and the least shift that puts [low, high]
        // within them (centred where it cannot); none for what lies within Chipmunk's collision
        // slop of them (a body resting on the floor sinks a tenth of a pixel into it).
        let slop = ChainWorld.wallSlop
        func shift(_ low: Double, _ high: Double, _ start: Double, _ end: Double) -> Double {
            if high - low > end - start + 2 * slop { return (start + end) / 2 - (low + high) / 2 }
            return low < start - slop ? start - low : high > end + slop ? end - high : 0
        }
        let left = zip(positions, radii).map { $0.x - $1 }.min() ?? 0, right = zip(positions, radii).map { $0.x + $1 }.max() ?? 0
        let top = zip(positions, radii).map { $0.y - $1 }.min() ?? 0, bottom = zip(positions, radii).map { $0.y + $1 }.max() ?? 0
        // Wider or taller than the room as it lies: laid anew in the seed's rows for this room,
        // to fall again (pressed in body by body, a long chain's bodies overlapped, fought its
        // rigid joints and never came to rest).
        if right - left > width - 2 * m + 2 * slop || bottom - top > height - 2 * m + 2 * slop {
            tearDown()
            build()
            buildWalls()
            return
        }
        pressIn(shift: cpv(shift(left, right, m, width - m), shift(top, bottom, m, height - m)))
    }

    /// How far past a wall's face a body may lie and count as inside: Chipmunk's collision slop
    /// and a little (a body resting on the floor sinks a tenth of a pixel into it).
    static let wallSlop = 0.5

    /// Moves every body by `shift`, then presses any still outside the room (its walls' faces,
    /// within Chipmunk's collision slop of half a pixel) in, body by body, and stops the chain
    /// if it pressed one.
    private func pressIn(shift: cpVect = cpvzero) {
        let m = wallInset, slop = ChainWorld.wallSlop
        var pressed = false
        for (i, body) in bodies.enumerated() {
            let r = radii[i], p = cpBodyGetPosition(body)
            let moved = cpv(p.x + shift.x, p.y + shift.y)
            func clamp(_ v: Double, _ end: Double) -> Double {
                v < m + r - slop ? m + r : v > max(m + r, end - m - r) + slop ? max(m + r, end - m - r) : v
            }
            let x = clamp(moved.x, width), y = clamp(moved.y, height)
            pressed = pressed || x != moved.x || y != moved.y
            if x != p.x || y != p.y { cpBodySetPosition(body, cpv(x, y)) }
        }
        if pressed {
            for body in bodies {
                cpBodySetVelocity(body, cpvzero)
                cpBodySetAngularVelocity(body, 0)
            }
        }
        for body in bodies { cpSpaceReindexShapesForBody(space, body) }
    }

    /// Whether the bodies can lie in the room: their discs' area at most 0.8 of the room's
    /// within the walls (about what discs of a size pack into when shaken down). Past it they
    /// overlap, press against the walls and never come to rest.
    public var fitsRoom: Bool {
        let m = wallInset
        let discs = radii.reduce(0) { $0 + Double.pi * $1 * $1 }
        return discs <= 0.8 * max(0, width - 2 * m) * max(0, height - 2 * m)
    }

    /// The bodies as circles, in order, head last.
    public var circles: [Ball] {
        bodies.indices.map { i in
            let p = cpBodyGetPosition(bodies[i])
            return Ball(center: Vec2(p.x, p.y), radius: radii[i])
        }
    }

    /// Where the chain will come to rest if let go now, as a guess that holds for a chain that
    /// falls without swinging (the seed's row at the start): each body straight down onto the
    /// floor (up against the ceiling, gravity upwards); as they are without gravity, or held.
    /// What a window keeps its HUD clear of until the chain has lain still (the start's row in
    /// mid-air would leave the HUD over the chain once it lands).
    public var restingGuess: [Ball] {
        let now = circles
        guard grip == nil, parameters.gravity != 0 else { return now }
        let m = wallInset
        return now.map { ball in
            let y = parameters.gravity > 0 ? height - m - ball.radius : m + ball.radius
            return Ball(center: Vec2(ball.center.x, y), radius: ball.radius)
        }
    }

    /// Distances between consecutive bodies now, and at rest.
    public var jointLengths: [(now: Double, rest: Double)] {
        (0..<(bodies.count - 1)).map { i in
            (cpvdist(cpBodyGetPosition(bodies[i]), cpBodyGetPosition(bodies[i + 1])), restLengths[i])
        }
    }

    /// The fastest body's speed, px/s.
    public var fastestSpeed: Double {
        bodies.reduce(0) { max($0, cpvlength(cpBodyGetVelocity($1))) }
    }

    /// Total kinetic energy, ½mv² + ½Iω² summed (mass units as `density`).
    public var kineticEnergy: Double {
        bodies.reduce(0) { sum, body in
            let v = cpBodyGetVelocity(body)
            return sum + 0.5 * cpBodyGetMass(body) * cpvlengthsq(v)
                + 0.5 * cpBodyGetMoment(body) * cpBodyGetAngularVelocity(body) * cpBodyGetAngularVelocity(body)
        }
    }

    /// Whether the pointer holds the head.
    public var isHeld: Bool { grip != nil }

    /// Presses at p: grips the head if p is on it (or within `slop`); true if it did.
    @discardableResult
    public func grab(at p: Vec2, slop: Double = 10) -> Bool {
        guard grip == nil, let head = bodies.last else { return false }
        let c = cpBodyGetPosition(head)
        guard Vec2(c.x, c.y).distance(to: p) <= radii[radii.count - 1] + slop else { return false }
        pointer = p
        previousPointer = p
        cpBodySetPosition(mouse, cpv(p.x, p.y))
        // Held at the point pressed, not at the centre.
        let anchor = cpBodyWorldToLocal(head, cpv(p.x, p.y))
        let joint = cpPivotJointNew2(mouse, head, cpvzero, anchor)!
        cpConstraintSetMaxForce(joint, ChainWorld.gripForce * cpBodyGetMass(head))
        // Corrects the grip's position error with a time constant of about 4 ms, so the head
        // keeps within a few pixels of a moving pointer (the velocity term alone lets it drift).
        cpConstraintSetErrorBias(joint, 1e-100)
        cpSpaceAddConstraint(space, joint)
        grip = joint
        stillFor = 0
        return true
    }

    /// The pointer moved (it takes effect over the next steps).
    public func drag(to p: Vec2) {
        pointer = p
    }

    /// Lets go: the chain falls.
    public func release() {
        guard let grip else { return }
        cpSpaceRemoveConstraint(space, grip)
        cpConstraintFree(grip)
        self.grip = nil
    }

    /// Advances the clock to `target` in fixed steps of 1/240 s, `substeps` substeps each.
    public func advance(to target: Double) {
        let dt = 1 / ChainWorld.stepRate
        while time + 0.5 * dt < target {
            // At rest and not held, a step changes nothing: the clock jumps (a window that slept
            // for minutes does not replay them on the next input).
            if !isMoving {
                time += ((target - time) / dt).rounded(.down) * dt
                break
            }
            // The grip's body moves to the pointer over the step, with the matching velocity.
            let velocity = (pointer - previousPointer) / dt
            cpBodySetVelocity(mouse, cpv(velocity.x, velocity.y))
            cpBodySetPosition(mouse, cpv(pointer.x, pointer.y))
            previousPointer = pointer
            for _ in 0..<ChainWorld.substeps { cpSpaceStep(space, dt / Double(ChainWorld.substeps)) }
            time += dt
            stillFor = kineticEnergy < ChainWorld.stillEnergy ? stillFor + dt : 0
        }
    }

    /// Whether anything moves, or may (held, or not yet still for a quarter second: a chain at
    /// rest in mid-air is about to fall): the window keeps stepping and drawing while it does.
    public var isMoving: Bool { grip != nil || stillFor < 0.25 }

    /// A hash of the exact state (positions and velocities' bits), for determinism tests.
    public var stateHash: UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for body in bodies {
            let p = cpBodyGetPosition(body), v = cpBodyGetVelocity(body)
            for x in [p.x, p.y, v.x, v.y, cpBodyGetAngle(body)] {
                hash = (hash ^ x.bitPattern) &* 0x100_0000_01B3
            }
        }
        return hash
    }
}
