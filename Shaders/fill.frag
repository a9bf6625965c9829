// Fill pass, fragment stage: coverage of a flat region (interpolated fringe alpha) or of an exact
// circle (from its signed distance, one device pixel wide), output premultiplied.
// Inputs:   v_local, v_radius, v_alpha, v_color (see fill.vert)
// Uniforms: u_pixelsPerUnit (device pixels per scene unit: the render scale)
#version 330 core

in vec2 v_local;
flat in float v_radius;
in float v_alpha;
flat in vec4 v_color;

uniform float u_pixelsPerUnit;

out vec4 o_color;

// Signed distance from p to a circle of radius r centred at the origin.
float sdCircle(vec2 p, float r) {
    return length(p) - r;
}

void main() {
    float coverage = v_alpha;
    if (v_radius >= 0.0) {
        coverage = clamp(0.5 - sdCircle(v_local, v_radius) * u_pixelsPerUnit, 0.0, 1.0);
    }
    float a = coverage * v_color.a;
    o_color = vec4(v_color.rgb * a, a);
}
