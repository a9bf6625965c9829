// Fill pass, fragment stage: coverage of a flat region (interpolated fringe alpha), of an exact
// circle (from its signed distance, one device pixel wide) or of a glyph (the atlas texel: its
// place in texels, divided by the atlas's size as drawn, which may have grown since),
// output premultiplied.
// Inputs:   v_local, v_radius (>= 0 circle, -1 flat, -2 glyph), v_alpha, v_color (see fill.vert)
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

void main() {
    float coverage = v_alpha;
    if (v_radius >= 0.0) {
        coverage = clamp(0.5 - sdCircle(v_local, v_radius) * u_pixelsPerUnit, 0.0, 1.0);
    } else if (v_radius < -1.5) {
        coverage = texture(u_atlas, v_local / vec2(textureSize(u_atlas, 0))).r * v_alpha;
    }
    vec4 color = u_override.a > 0.0 ? u_override : v_color;
    float a = coverage * color.a;
    o_color = vec4(color.rgb * a, a);
}
