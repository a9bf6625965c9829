// Metaball pass, fragment stage: evaluates the field of the box's balls at the fragment and fills
// its iso-contour, anti-aliased one device pixel wide from the field's value and analytic
// gradient, output premultiplied. The field is first made to grow like a distance (inverse
// square: g = f^(-1/2); Wyvill: g = f^(1/3)), so (g - g_iso)/|grad g| is exact for a lone ball
// and stays sane near the centres. Same formulas as MetaballField.signedDistance (Swift).
// Each tile (MetaballField.regions) either lies wholly inside the contour (drawn by the FLAT
// variant: the colour, nothing evaluated) or evaluates its own run of balls (a lone ball's box:
// the ball alone), plus, for the inverse square, the field of the balls left out to second
// order about the tile's centre.
// Inputs:   v_scene (scene position of the fragment), v_run (first ball, in the batch, and count of this tile's run),
//           or with RUN defined, v_ball (the run itself, padded to RUN balls),
//           v_center, v_tail (value and gradient there), v_curvature (Hessian xx, xy, yy)
// Uniforms: Balls (x, y and r², or for the smooth minimum r, per ball in scene units; w unused;
//           the draw's batch),
//           u_threshold (Wyvill iso),
//           u_blend (smooth-minimum width k, scene units), u_pixelsPerUnit, u_color (straight alpha)
#version 330 core

// KERNEL (0 inverse square, 1 Wyvill, 2 smooth minimum) is defined by the renderer, one
// program per kernel, so that the loop has no branch on it; FLAT, for the tiles inside; SMALL,
// for the tiles whose run holds a ball under 2 device px in radius (llvmpipe runs a branch's
// code for every pixel, taken or not: the search for the nearest ball, behind a uniform's
// branch, cost the caterpillar's field a tenth, where it has no such ball).
#ifndef KERNEL
#define KERNEL 0
#endif

in vec2 v_scene;
flat in ivec2 v_run;
flat in vec2 v_center;
flat in vec3 v_tail;
flat in vec3 v_curvature;

#ifdef RUN
// The tile's run, padded to RUN balls (x, y, and r² or, smooth minimum, r), from the vertex stage:
// flat inputs are read once a block, where the uniform block's varying index is a gather.
flat in vec3 v_ball[RUN];
#define FOR_BALLS for (int i = 0; i < RUN; i++)
#define BALL(i) v_ball[i]
#else
// The balls of this draw's batch (Renderer.runLimit of them): a uniform block, which llvmpipe
// reads far faster than texels (though, the index differing from tile to tile, as a gather).
layout(std140) uniform Balls {
    vec4 u_ballData[1024];
};

#define FOR_BALLS for (int i = v_run.x; i < v_run.x + v_run.y; i++)
#define BALL(i) u_ballData[i].xyz
#endif
uniform float u_threshold;
uniform float u_blend;
uniform float u_pixelsPerUnit;
uniform vec4 u_color;

out vec4 o_color;

// The ball nearest the fragment (the one whose own term or distance decides the field there),
// found only by the SMALL variant: the fragment's offset from its centre and the radius of its
// own contour (scene units; 10⁴ where the contour there is not its own), so that a ball whose
// contour is under 2 device px across is drawn as its area (smallCoverage).
vec2 g_offset = vec2(0.0);
float g_radius = 1e4;

// Signed distance from p to a circle of radius r centred at c.
float sdCircle(vec2 p, vec2 c, float r) {
    return length(p - c) - r;
}

// Inigo Quilez's polynomial smooth minimum of a and b with blend width k.
float smin(float a, float b, float k) {
    float h = max(k - abs(a - b), 0.0) / k;
    return min(a, b) - h * h * k * 0.25;
}

// Signed distance (scene units, positive outside) to the iso-contour of Σ r²/|p − c|², iso 1.
float inverseSquare(vec2 p) {
    vec2 v = p - v_center;
    vec2 hv = vec2(v_curvature.x * v.x + v_curvature.y * v.y, v_curvature.y * v.x + v_curvature.z * v.y);
    float f = v_tail.x + dot(v_tail.yz, v) + 0.5 * dot(v, hv);
    vec2 gradient = v_tail.yz + hv;
    FOR_BALLS {
        vec3 ball = BALL(i);
        vec2 d = p - ball.xy;
        // One division a ball: r²/q, and its gradient −2r²d/q² from the same reciprocal.
        float inverse = 1.0 / max(dot(d, d), 1e-12);
        float term = ball.z * inverse;
        f += term;
        gradient -= (2.0 * term * inverse) * d;
    }
#ifdef SMALL
    {
        // The nearest: the least distance to a ball's own circle (near a ball under a pixel,
        // a large one's term can be the larger). The others' field is summed without its term
        // (f less it would cancel to nothing near its centre, where the term is huge).
        float least = 1e30, own = 0.0, rest = v_tail.x + dot(v_tail.yz, v) + 0.5 * dot(v, hv);
        vec3 nearest = vec3(0.0);
        FOR_BALLS {
            vec3 ball = BALL(i);
            vec2 d = p - ball.xy;
            float q = max(dot(d, d), 1e-12);
            float term = ball.z / q;
            float gap = sqrt(q) - sqrt(ball.z);
            if (ball.z > 0.0 && gap < least) {
                rest += own;
                own = term;
                least = gap;
                nearest = ball;
            } else {
                rest += term;
            }
        }
        // Its own contour, the others' field taken as constant there: r²/ρ² = 1 − rest.
        g_offset = p - nearest.xy;
        g_radius = nearest.z > 0.0 && rest < 1.0 ? sqrt(nearest.z / (1.0 - rest)) : 1e4;
    }
#endif
    float slope = length(gradient);
    if (f <= 0.0) return 1e4;
    if (slope <= 0.0) return f >= 1.0 ? -1e4 : 1e4;
    return 2.0 * f * (1.0 - sqrt(f)) / slope;
}

// Signed distance to the iso-contour (iso T) of Σ (1 − |p − c|²/s²)³, s = r/√(1 − T^⅓),
// so that a lone ball's contour is its radius.
float wyvill(vec2 p) {
    float scale = 1.0 / (1.0 - pow(u_threshold, 1.0 / 3.0));
    float f = 0.0;
    vec2 gradient = vec2(0.0);
    FOR_BALLS {
        vec3 ball = BALL(i);
        vec2 d = p - ball.xy;
        float s2 = ball.z * scale;
        float q = dot(d, d) / s2;
        if (q < 1.0) {
            float a = 1.0 - q;
            f += a * a * a;
            gradient -= 6.0 * a * a * d / s2;
        }
    }
#ifdef SMALL
    {
        // The nearest: the least distance to a ball's own circle (the pixels round a ball
        // under a pixel may lie past its support, where its term is 0).
        float least = 1e30, own = 0.0;
        vec3 nearest = vec3(0.0);
        FOR_BALLS {
            vec3 ball = BALL(i);
            vec2 d = p - ball.xy;
            float gap = length(d) - sqrt(ball.z);
            if (ball.z > 0.0 && gap < least) {
                float a = max(1.0 - dot(d, d) / (ball.z * scale), 0.0);
                own = a * a * a;
                least = gap;
                nearest = ball;
            }
        }
        // Its own contour, the others' field taken as constant there: (1 − ρ²/s²)³ = T − rest.
        float left = u_threshold - (f - own);
        g_offset = p - nearest.xy;
        g_radius = nearest.z > 0.0 && left > 0.0 ? sqrt(nearest.z * scale * (1.0 - pow(left, 1.0 / 3.0))) : 1e4;
    }
#endif
    if (f <= 0.0) return 1e4;
    float slope = length(gradient);
    if (slope <= 0.0) return f >= u_threshold ? -1e4 : 1e4;
    float g = pow(f, 1.0 / 3.0);
    float iso = pow(u_threshold, 1.0 / 3.0);
    return 3.0 * g * g * (iso - g) / slope;
}

// Smooth union of the circles' signed distances, over its gradient's length: the circles'
// distances have slope 1, but where two blend their gradients partly cancel (across a neck the
// smooth minimum is nearly flat), so the value alone put the contour farther than it is and
// shaded the inside of a neck as its edge. Each smin weighs the gradients of its two sides as
// it weighs their values: 1 − h/2 for the lesser, h/2 for the other.
float smoothMin(vec2 p) {
    float d = 1e6;
    vec2 gradient = vec2(0.0);
    FOR_BALLS {
        vec3 ball = BALL(i);
        vec2 v = p - ball.xy;
        float length_ = length(v);
        float b = length_ - ball.z;
        float h = max(u_blend - abs(d - b), 0.0) / u_blend;
        float w = d < b ? 0.5 * h : 1.0 - 0.5 * h;
        gradient = mix(gradient, length_ > 0.0 ? v / length_ : vec2(0.0), w);
        d = min(d, b) - h * h * u_blend * 0.25;
    }
#ifdef SMALL
    {
        float least = 1e6;
        vec3 nearest = vec3(0.0);
        FOR_BALLS {
            vec3 ball = BALL(i);
            float b = length(p - ball.xy) - ball.z;
            if (b < least) {
                least = b;
                nearest = ball;
            }
        }
        // The nearest circle, where no blend took anything off its distance: its own contour.
        g_offset = p - nearest.xy;
        g_radius = d > least - 0.01 / u_pixelsPerUnit ? nearest.z : 1e4;
    }
#endif
    return d / max(length(gradient), 1e-6);
}

// A ball whose own contour is under 2 device px in radius (r, device px; offset, the
// fragment's from its centre, device px): the one-pixel ramp would draw a dot of about a pixel,
// 5 to 8 times its area, or next to nothing where its centre falls on a pixel's corner. As
// fill.frag's circleCoverage: under half a pixel its area, πr², spread bilinearly over the
// pixels round its centre; to 2 px the ramp of its circle (exact, where the Wyvill kernel's
// estimate is only first order) scaled toward its area.
float smallCoverage(float ramp, vec2 offset, float r) {
    if (r >= 2.0) return ramp;
    if (r < 0.5) {
        vec2 d = abs(offset);
        return 3.14159265 * r * r * max(0.0, 1.0 - d.x) * max(0.0, 1.0 - d.y);
    }
    float circle = clamp(0.5 - (length(offset) - r), 0.0, 1.0);
    return circle * mix(r * r / (r * r + 1.0 / 12.0), 1.0, (r - 0.5) / 1.5);
}

void main() {
#ifdef FLAT
    o_color = vec4(u_color.rgb * u_color.a, u_color.a);
#else
#if KERNEL == 0
    float distance = inverseSquare(v_scene);
#elif KERNEL == 1
    float distance = wyvill(v_scene);
#else
    float distance = smoothMin(v_scene);
#endif
    float coverage = clamp(0.5 - distance * u_pixelsPerUnit, 0.0, 1.0);
#ifdef SMALL
    coverage = smallCoverage(coverage, g_offset * u_pixelsPerUnit, g_radius * u_pixelsPerUnit);
#endif
    float a = coverage * u_color.a;
    o_color = vec4(u_color.rgb * a, a);
#endif
}
