// Metaball pass, vertex stage: the bounding boxes where the field can reach its iso-contour.
// Inputs:   a_position (scene units, y down), a_run (first ball and count of the box's run)
// Uniforms: u_viewport (pane size in scene units)
#version 330 core

layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_run;

uniform vec2 u_viewport;

out vec2 v_scene;
flat out ivec2 v_run;

void main() {
    vec2 ndc = a_position / u_viewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    v_scene = a_position;
    v_run = ivec2(a_run + 0.5);
}
