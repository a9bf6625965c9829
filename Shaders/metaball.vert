// Metaball pass, vertex stage: the tiles near or inside the field's iso-contour.
// Inputs:   a_position (scene units, y down), a_run (first ball and count of the tile's run; first
//           −1: wholly inside, the FLAT variant's), a_center (the tile's centre), a_tail (the left-out balls' field
//           there: value, gradient), a_curvature (its Hessian: xx, xy, yy)
// Uniforms: u_viewport (pane size in scene units); with RUN defined, Balls (as in metaball.frag)
#version 330 core

layout(location = 0) in vec2 a_position;
layout(location = 1) in vec2 a_run;
layout(location = 2) in vec2 a_center;
layout(location = 3) in vec3 a_tail;
layout(location = 4) in vec3 a_curvature;

uniform vec2 u_viewport;

#ifndef KERNEL
#define KERNEL 0
#endif

#ifdef RUN
// The run's balls handed to the fragment stage as flat inputs, padded to RUN with balls that
// add nothing (no mass, or smooth minimum, a point far off).
layout(std140) uniform Balls {
    vec4 u_ballData[1024];
};
flat out vec3 v_ball[RUN];
#endif

out vec2 v_scene;
flat out ivec2 v_run;
flat out vec2 v_center;
flat out vec3 v_tail;
flat out vec3 v_curvature;

void main() {
    vec2 ndc = a_position / u_viewport * 2.0 - 1.0;
    gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
    v_scene = a_position;
    v_run = ivec2(floor(a_run + 0.5));
    v_center = a_center;
    v_tail = a_tail;
    v_curvature = a_curvature;
#ifdef RUN
    for (int i = 0; i < RUN; i++) {
        vec3 ball = u_ballData[v_run.x + min(i, max(v_run.y - 1, 0))].xyz;
        v_ball[i] = i < v_run.y ? ball : vec3(a_center + vec2(1e5), 0.0);
    }
#endif
}
