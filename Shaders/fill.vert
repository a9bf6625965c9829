// Fill pass, vertex stage: every shape of a frame (bridges, fringes, circle quads) in one draw.
// Inputs:   a_position (scene units, y down), a_local (offset from a circle's centre, scene units),
//           a_radius (circle radius; -1 flat region; -2 glyph, a_local then the atlas texel x, y),
//           a_alpha (coverage of flat regions),
//           a_color (RGBA8, normalised, straight alpha)
// Uniforms: u_viewport (canvas size in scene units)
#version 330 core

layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_local;
layout(location = 2) in float a_radius;
layout(location = 3) in float a_alpha;
layout(location = 4) in vec4 a_color;

uniform vec2 u_viewport;

out vec2 v_local;
flat out float v_radius;
out float v_alpha;
flat out vec4 v_color;

void main() {
    vec2 ndc = a_position / u_viewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    v_local = a_local;
    v_radius = a_radius;
    v_alpha = a_alpha;
    v_color = a_color;
}
