// Fill pass, fragment stage: coverage of a flat region (interpolated fringe alpha), of an exact
// circle (from its signed distance, one device pixel wide; under a pixel, its area) or of a
// glyph (the atlas texel: its place in texels, divided by the atlas's size as drawn, which may
// have grown since), output premultiplied.
// Inputs:   v_local, v_radius (>= 0 circle, -1 flat, -2 glyph, <= -3 a bridge near a circle),
//           v_alpha, v_color (see fill.vert)
// Uniforms: u_pixelsPerUnit (device pixels per scene unit: the render scale),
//           u_atlas (glyph coverage, one channel),
//           u_override (when its alpha > 0, the colour of everything: coverage masks)
#version 330 core

in vec2 v_local;
flat in float v_radius;
in float v_alpha;
flat in vec4 v_color;

uniform float u_pixelsPerUnit;
uniform sampler2D u_atlas;
uniform vec4 u_override;

out vec4 o_color;

// Signed distance from p to a circle of radius r centred at the origin.
float sdCircle(vec2 p, float r) {
    return length(p) - r;
}

// A circle under a pixel across: the one-pixel ramp round it covers π(r + ½)³/3 in all (r in
// device pixels), a dot of about a pixel (0.6 at its centre for r = 0.1, 19 times its area).
// Under half a pixel it is drawn as its area, πr², spread over the pixels round its centre by
// their overlap with a pixel's square there (bilinear: the pixels' coverages add up to πr²
// wherever it lies, none over π/4). From there to 2 px the ramp, which covers π(r² + 1/12),
// is scaled toward r²/(r² + 1/12) of itself, less and less (by 2 px, the ramp as it is).
float circleCoverage(vec2 local, float radius) {
    float ramp = clamp(0.5 - sdCircle(local, radius) * u_pixelsPerUnit, 0.0, 1.0);
    float r = radius * u_pixelsPerUnit;
    if (r >= 2.0) return ramp;
    if (r < 0.5) {
        vec2 d = abs(local * u_pixelsPerUnit);
        return 3.14159265 * r * r * max(0.0, 1.0 - d.x) * max(0.0, 1.0 - d.y);
    }
    return ramp * mix(r * r / (r * r + 1.0 / 12.0), 1.0, (r - 0.5) / 1.5);
}

void main() {
    float coverage = v_alpha;
    if (v_radius >= 0.0) {
        coverage = circleCoverage(v_local, v_radius);
    } else if (v_radius < -2.5) {
        // A bridge's fringe near one of its circles (radius −3 − v_radius, v_local the offset
        // from its centre): only what the circle's soft edge leaves, so that "over" gives
        // max(fringe, circle), not both stacked. (Inside the fill, alpha 1, nothing to do.)
        float circle = circleCoverage(v_local, -3.0 - v_radius);
        coverage = v_alpha >= 0.999 ? v_alpha : (circle >= 1.0 ? 0.0 : max(0.0, (v_alpha - circle) / (1.0 - circle)));
    } else if (v_radius < -1.5) {
        coverage = texture(u_atlas, v_local / vec2(textureSize(u_atlas, 0))).r * v_alpha;
    }
    vec4 color = u_override.a > 0.0 ? u_override : v_color;
    float a = coverage * color.a;
    o_color = vec4(color.rgb * a, a);
}
