# Report: gdsfactory/quantum-rf-pdk#833 https://github.com/gdsfactory/quantum-rf-pdk/issues/833
# Class: 3 (everything created inside jit is traced: `jnp.linspace` of the model's widths)
# Rule: JG104
# Reduced: "Keep taper and launcher SAX models JAX-jittable": `jax.jit` of the registered model
# `taper_cross_section` fails with ConcretizationTypeError: the model interpolates the strip
# width and gap along the taper with `jnp.linspace` and converts each section's values with
# `float(ws[i])` and `float(gs[i])` to build a cross section. Under jit the linspace of the
# model's (traced) parameters is a tracer, so `float()` of an element raises. The fix keeps the
# interpolated values in JAX. Reduced: a cross section is a (width, gap) pair whose
# "impedance" is a smooth function; the model returns the mean over the sections.
import jax
import jax.numpy as jnp


def section_impedance(width, gap):
    return 50.0 * jnp.log1p(gap / width)


# --- must be flagged ---


@jax.jit
def taper_cross_section(width_start=10.0, width_end=20.0, gap_start=6.0, gap_end=10.0):
    n = 8
    ws = jnp.linspace(width_start, width_end, n)
    gs = jnp.linspace(gap_start, gap_end, n)
    sections = []
    for i in range(n):
        sections.append(section_impedance(float(ws[i]), float(gs[i])))  # expect: JG104
    return jnp.mean(jnp.stack(sections))


def run_taper():
    return taper_cross_section(10.0, 20.0, 6.0, 10.0)


# --- must not be flagged ---


@jax.jit
def taper_cross_section_traced(width_start=10.0, width_end=20.0, gap_start=6.0, gap_end=10.0):
    n = 8
    ws = jnp.linspace(width_start, width_end, n)
    gs = jnp.linspace(gap_start, gap_end, n)
    sections = [section_impedance(ws[i], gs[i]) for i in range(n)]
    return jnp.mean(jnp.stack(sections))


def run_taper_traced():
    return taper_cross_section_traced(10.0, 20.0, 6.0, 10.0)


RAISES = [(run_taper, "ConcretizationTypeError")]
RUNS = [run_taper_traced]
