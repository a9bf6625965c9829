// The immutable description of one picture: everything Render needs, nothing it must compute.

import Geometry
import Imaging

/// What a pane shows.
public enum PaneContent: String, Sendable {
    /// The tessellated Bézier shapes (`Frame.mesh`).
    case bezier
    /// The metaball field (`Frame.metaballs`) with the decals over it.
    case metaball
    /// Both fills: what both cover in the badge colour, the difference in two others.
    case overlay
}

/// A rectangle of the target, device pixels from its top-left corner, showing the scene.
public struct Pane: Hashable, Sendable {
    public var x, y, width, height: Int
    public var content: PaneContent

    public init(x: Int, y: Int, width: Int, height: Int, content: PaneContent) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.content = content
    }
}

/// The balls of the metaball fill, with the boxes to shade.
public struct MetaballLayer: Sendable {
    public var parameters: MetaballParameters
    public var color: Color
    /// Disjoint boxes holding the contour, each with its run of `balls` (`MetaballField.regions`).
    public var regions: [Region]
    /// The boxes' ball lists, one after another.
    public var balls: [Ball]
    /// The order in which the metaball pane draws the tiles and the frame's decals: each step's
    /// tiles, then its decals (as index ranges of `Frame.decals`), step after step. Empty: all
    /// tiles, then all decals.
    public var steps: [FieldStep]

    public init(parameters: MetaballParameters, color: Color, regions: [Region], balls: [Ball], steps: [FieldStep] = []) {
        self.parameters = parameters
        self.color = color
        self.regions = regions
        self.balls = balls
        self.steps = steps
    }
}

/// Tiles of the field (a range of `MetaballLayer.regions`) and the decals drawn over them (a
/// range of `Frame.decals.indices`): so that a badge's count lies over its own field but under
/// the fields of the badges drawn after it, as in the Bézier fill.
public struct FieldStep: Hashable, Sendable {
    public var regions: Range<Int>
    public var decals: Range<Int>

    public init(regions: Range<Int>, decals: Range<Int>) {
        self.regions = regions
        self.decals = decals
    }
}

/// What is drawn over the panes, once, in window coordinates: the caption, sliders, help,
/// toasts, pane labels and dividers. Its own layer, so a picture with or without it is one
/// draw of the same frame.
public struct HUDLayer: Sendable {
    public var mesh: Mesh
    /// The whole target in window units (logical pixels).
    public var width, height: Double
    /// Device pixels per window unit.
    public var scale: Double

    public init(mesh: Mesh, width: Double, height: Double, scale: Double) {
        self.mesh = mesh
        self.width = width
        self.height = height
        self.scale = scale
    }
}

/// One picture to draw: the scene (in pane units) and how each pane shows it.
public struct Frame: Sendable {
    /// A pane's size in scene units (logical pixels).
    public var width: Double
    public var height: Double
    /// Device pixels per scene unit.
    public var scale: Double
    public var background: Color
    /// The Bézier mode's shapes, in drawing order (counts and bursts included).
    public var mesh: Mesh
    /// What the field modes draw over the field: counts and bursts.
    public var decals: Mesh
    /// The field, for metaball and overlay panes.
    public var metaballs: MetaballLayer?
    /// The Bézier shapes alone (no counts, no bursts): the overlay's coverage mask.
    public var shapes: Mesh
    /// The glyph atlas the meshes' glyph quads sample, if any.
    public var atlas: AlphaImage?
    /// The panes; empty means one Bézier pane over the whole target.
    public var panes: [Pane]
    /// Drawn last, over the whole target, when the draw asks for it.
    public var hud: HUDLayer?

    public init(
        width: Double, height: Double, scale: Double, background: Color, mesh: Mesh, atlas: AlphaImage? = nil,
        decals: Mesh = Mesh(), shapes: Mesh = Mesh(), metaballs: MetaballLayer? = nil, panes: [Pane] = []
    ) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
        self.mesh = mesh
        self.atlas = atlas
        self.decals = decals
        self.shapes = shapes
        self.metaballs = metaballs
        self.panes = panes
    }
}
