#pragma once
// What a layer above the MPI state (protocol, collective, api) keeps for one run. The World owns one
// per layer without naming its type, so that the state never includes a header of a layer above it;
// each layer reaches its own through a typed accessor of its own (CollectiveMeetingPoints::of).

#include <cstdint>

namespace xo::mpi {

enum class Layer : std::uint8_t { Protocol, Collective, Api };
inline constexpr int kLayers = 3;

class LayerState {
 public:
  virtual ~LayerState() = default;
};

}  // namespace xo::mpi
