#include "xo/reference_mpi/protocol_phase.hpp"

namespace xo::mpi {

const char* phase_name(Phase phase) {
  switch (phase) {
    case Phase::Eager: return "eager";
    case Phase::Header: return "header";
    case Phase::ClearToSend: return "clear-to-send";
    case Phase::Get: return "get";
    case Phase::Data: return "data";
    case Phase::Ack: return "ack";
    case Phase::SenderCopy: return "sender-copy";
    case Phase::UnexpectedCopy: return "unexpected-copy";
    case Phase::ReceiverCopy: return "receiver-copy";
    case Phase::CreditWait: return "credit-wait";
    case Phase::Registration: return "register";
    case Phase::Pack: return "pack";
    case Phase::Unpack: return "unpack";
    case Phase::NetworkWait: return "network-wait";
    case Phase::BroadcastNetwork: return "broadcast-network";
    case Phase::SyncNetwork: return "sync-network";
    case Phase::HardwareReduction: return "hardware-reduction";
    case Phase::FetchAdd: return "fetch-and-add";
    case Phase::RemoteAccess: return "remote-access";
  }
  return "unknown";
}

}  // namespace xo::mpi
