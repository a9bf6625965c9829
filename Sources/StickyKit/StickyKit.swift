// StickyKit: sticky's geometry and motion as a library, for apps that draw the badge themselves.
// `import StickyKit` brings both modules: Geometry (the bridge constructions, flattening,
// tessellation, the metaball field and its contour) and Motion (the badge state machine, the
// spring, the burst, the caterpillar on Chipmunk2D). No OpenGL, window or file code comes with it.

@_exported import Geometry
@_exported import Motion
