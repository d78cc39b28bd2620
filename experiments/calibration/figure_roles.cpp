#include "figure_roles.hpp"

#include "comparison_support.hpp"

namespace xo::calibration {

namespace {

struct FittedFigure {
  const char* machine;
  const char* figure;
  const char* key;    // a parameter the row must have (empty: any row of the figure)
  const char* value;  // the value it must have there
  const char* parameters;
};

// From the parameters' sources in hwmodels/*_machine.cpp.
constexpr FittedFigure kFitted[] = {
    {"ap1000", "pingpong_latency", "", "", "o_s + L + o_r, mpi_layer (Figure 3)"},
    {"ap1000", "pt2pt_bandwidth", "impl", "mpi", "copy_G (Figure 3)"},
    {"ap1000", "bcast_mpi_minus_cellos", "", "", "bnet_mpi_layer, bnet_mpi_G (Figure 4)"},
    {"ap1000", "barrier_time", "", "", "snet_sync (Figure 8)"},
    {"ap1000", "barrier_tree_branching", "", "", "the o_s / o_r split (Figure 8)"},
    {"ap1000", "allreduce_time", "", "", "xy_call (Figure 9)"},
    {"ap1000", "allreduce_xy_vs_tree_crossover", "", "", "the o_s / o_r split (Figure 10)"},
    {"ap1000", "small_group_bnet_threshold", "", "", "bnet_startup (section 7)"},
    {"x1", "barrier_time", "", "", "fadd, fadd_convoy, resume (Figure 1, given fadd_off_node)"},
    {"x1", "pt2pt_bandwidth", "", "", "G, G_msp, msp_startup (Figure 2)"},
    {"power4", "barrier_time", "", "", "sync_update, sync_release, sync_release_per_rank (Figure 1)"},
    {"power4", "pt2pt_bandwidth", "", "", "L, G, G_beyond_cache (Figure 2)"},
    {"sx6", "barrier_time", "", "", "sync_update, sync_release, full_node_delay (Figure 1)"},
    {"sx6", "pt2pt_bandwidth", "", "", "L, G (Figure 2)"},
    {"t3e", "asymptotic_latency", "", "", "o_shmem_queue, get_setup"},
};

}  // namespace

std::string parameters_fitted_to(const SeedFigure& figure) {
  for (const FittedFigure& f : kFitted) {
    if (figure.machine != f.machine || figure.figure != f.figure) continue;
    if (*f.key != '\0' && parameter(figure, f.key) != f.value) continue;
    return f.parameters;
  }
  return {};
}

}  // namespace xo::calibration
