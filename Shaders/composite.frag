// Overlay composite, fragment stage: from the Bézier fill's coverage a and the metaball fill's b,
// paints what both cover in the badge colour and the symmetric difference in two others:
// only Bézier, only metaball. Output premultiplied; total coverage max(a, b).
// Inputs:   gl_FragCoord (window position of the pixel)
// Uniforms: u_bezierMask, u_metaballMask (coverage in the red channel, pane-sized),
//           u_origin (pane's lower-left corner, device pixels), u_colorBoth, u_colorBezier,
//           u_colorMetaball (straight alpha)
#version 330 core

uniform sampler2D u_bezierMask;
uniform sampler2D u_metaballMask;
uniform vec2 u_origin;
uniform vec4 u_colorBoth;
uniform vec4 u_colorBezier;
uniform vec4 u_colorMetaball;

out vec4 o_color;

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy - u_origin);
    float a = texelFetch(u_bezierMask, texel, 0).r;
    float b = texelFetch(u_metaballMask, texel, 0).r;
    float both = min(a, b);
    vec3 rgb = both * u_colorBoth.rgb + (a - both) * u_colorBezier.rgb + (b - both) * u_colorMetaball.rgb;
    o_color = vec4(rgb, max(a, b));
}
