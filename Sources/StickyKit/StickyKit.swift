// StickyKit: sticky's geometry and motion as a library, for apps that draw the badge themselves.
// `import StickyKit` brings both modules: Geometry (the bridge constructions, flattening,
// tessellation, the metaball field and its contour) and Motion (the badge state machine, the
// spring, the burst, a snapshot's Bézier fill). No OpenGL, window or file code comes with it, nor
// any C library: the caterpillar on Chipmunk2D is the `StickyChain` product's.

@_exported import Geometry
@_exported import Motion
