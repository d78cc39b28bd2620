// MPI info objects (MPI-2 §4.10): (key, value) hints. The library understands no hint yet, but
// keeps them with the standard's limits and errors, so programs that pass hints run unchanged.
// As MPI-4.0 allows, the MPI_Info calls work before MPI_Init and after MPI_Finalize too.

#include <cstring>
#include <string>
#include <vector>

#include "api_call.hpp"
#include "xo/mpi/state/info_table.hpp"
#include "xo/mpi/state/world.hpp"

using xo::mpi::api_call;
using xo::mpi::Info;
using xo::mpi::InfoTable;
using xo::mpi::MpiError;
using xo::mpi::World;

namespace {

InfoTable& infos() { return World::current().self().infos; }

std::string checked_key(const char* key) {
  if (key == nullptr) throw MpiError(MPI_ERR_INFO_KEY, "the info key is a null pointer");
  const std::size_t length = strnlen(key, MPI_MAX_INFO_KEY + 1);
  if (length == 0) throw MpiError(MPI_ERR_INFO_KEY, "the info key is empty");
  if (length > MPI_MAX_INFO_KEY) {
    throw MpiError(MPI_ERR_INFO_KEY, "the info key \"" + std::string(key, 40) + "...\" is longer than " +
                                         "MPI_MAX_INFO_KEY = " + std::to_string(MPI_MAX_INFO_KEY) + " characters");
  }
  return std::string(key, length);
}

}  // namespace

extern "C" {

int MPI_Info_create(MPI_Info* info) {
  return api_call("MPI_Info_create", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(info, "info");
    *info = infos().add(Info{});
  });
}

int MPI_Info_set(MPI_Info info, const char* key, const char* value) {
  return api_call("MPI_Info_set", MPI_COMM_WORLD, [&] {
    Info& target = infos().get_writable(info);
    const std::string k = checked_key(key);
    if (value == nullptr) throw MpiError(MPI_ERR_INFO_VALUE, "the value of info key \"" + k + "\" is a null pointer");
    const std::size_t length = strnlen(value, MPI_MAX_INFO_VAL + 1);
    if (length > MPI_MAX_INFO_VAL) {
      throw MpiError(MPI_ERR_INFO_VALUE, "the value of info key \"" + k + "\" is longer than MPI_MAX_INFO_VAL = " +
                                             std::to_string(MPI_MAX_INFO_VAL) + " characters");
    }
    target.set(k, std::string(value, length));
  });
}

int MPI_Info_get(MPI_Info info, const char* key, int valuelen, char* value, int* flag) {
  return api_call("MPI_Info_get", MPI_COMM_WORLD, [&] {
    const Info& source = infos().get(info);
    const std::string k = checked_key(key);
    xo::mpi::require_pointer(flag, "flag");
    if (valuelen < 0) throw MpiError(MPI_ERR_ARG, "valuelen " + std::to_string(valuelen) + " is negative");
    const std::string* found = source.find(k);
    *flag = found != nullptr ? 1 : 0;
    if (found == nullptr) return;
    xo::mpi::require_pointer(value, "value");
    // value holds valuelen characters plus the terminating NUL; a longer value is truncated.
    int copied = 0;
    xo::mpi::copy_string_out(*found, value, &copied, static_cast<std::size_t>(valuelen) + 1);
  });
}

int MPI_Info_get_valuelen(MPI_Info info, const char* key, int* valuelen, int* flag) {
  return api_call("MPI_Info_get_valuelen", MPI_COMM_WORLD, [&] {
    const Info& source = infos().get(info);
    const std::string k = checked_key(key);
    xo::mpi::require_pointer(valuelen, "valuelen");
    xo::mpi::require_pointer(flag, "flag");
    const std::string* found = source.find(k);
    *flag = found != nullptr ? 1 : 0;
    if (found != nullptr) *valuelen = static_cast<int>(found->size());
  });
}

int MPI_Info_get_nkeys(MPI_Info info, int* nkeys) {
  return api_call("MPI_Info_get_nkeys", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(nkeys, "nkeys");
    *nkeys = infos().get(info).size();
  });
}

int MPI_Info_get_nthkey(MPI_Info info, int n, char* key) {
  return api_call("MPI_Info_get_nthkey", MPI_COMM_WORLD, [&] {
    const Info& source = infos().get(info);
    xo::mpi::require_pointer(key, "key");
    if (n < 0 || n >= source.size()) {
      throw MpiError(MPI_ERR_ARG, "key number " + std::to_string(n) + " does not exist: the info object has " +
                                      std::to_string(source.size()) + " keys (ask MPI_Info_get_nkeys)");
    }
    int copied = 0;
    xo::mpi::copy_string_out(source.key(n), key, &copied, MPI_MAX_INFO_KEY + 1);
  });
}

int MPI_Info_delete(MPI_Info info, const char* key) {
  return api_call("MPI_Info_delete", MPI_COMM_WORLD, [&] {
    Info& target = infos().get_writable(info);
    const std::string k = checked_key(key);
    if (!target.erase(k)) {
      throw MpiError(MPI_ERR_INFO_NOKEY, "info key \"" + k + "\" is not set, so it cannot be deleted");
    }
  });
}

int MPI_Info_dup(MPI_Info info, MPI_Info* newinfo) {
  return api_call("MPI_Info_dup", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(newinfo, "newinfo");
    Info copy = infos().get(info);
    *newinfo = infos().add(std::move(copy));
  });
}

int MPI_Info_free(MPI_Info* info) {
  return api_call("MPI_Info_free", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(info, "info");
    infos().free(*info);
  });
}

// MPI-4.0 section 10.4.1: buflen in, the value's length plus its NUL out; a short buffer gets the
// value truncated.
int MPI_Info_get_string(MPI_Info info, const char* key, int* buflen, char* value, int* flag) {
  return api_call("MPI_Info_get_string", MPI_COMM_WORLD, [&] {
    const Info& source = infos().get(info);
    const std::string k = checked_key(key);
    xo::mpi::require_pointer(flag, "flag");
    xo::mpi::require_pointer(buflen, "buflen");
    if (*buflen < 0) throw MpiError(MPI_ERR_ARG, "buflen " + std::to_string(*buflen) + " is negative");
    const std::string* found = source.find(k);
    *flag = found != nullptr ? 1 : 0;
    if (found == nullptr) return;
    if (*buflen > 0) {
      xo::mpi::require_pointer(value, "value");
      int copied = 0;
      xo::mpi::copy_string_out(*found, value, &copied, static_cast<std::size_t>(*buflen));
    }
    *buflen = static_cast<int>(found->size()) + 1;
  });
}

// Communicator hints (MPI-3.1 section 6.4.4): none is understood, so MPI_Comm_get_info returns an
// empty info object, as the standard allows for ignored hints.
int MPI_Comm_set_info(MPI_Comm comm, MPI_Info info) {
  return api_call("MPI_Comm_set_info", comm, [&] {
    World::current().self().comms.get(comm);
    infos().get(info);
  });
}

int MPI_Comm_get_info(MPI_Comm comm, MPI_Info* info_used) {
  return api_call("MPI_Comm_get_info", comm, [&] {
    World::current().self().comms.get(comm);
    xo::mpi::require_pointer(info_used, "info_used");
    *info_used = infos().add(Info{});
  });
}

// MPI-4.0 section 11.4: the environment MPI_INFO_ENV describes, with this program's arguments
// when they are given.
int MPI_Info_create_env(int argc, char* argv[], MPI_Info* info) {
  return api_call("MPI_Info_create_env", MPI_COMM_WORLD, [&] {
    xo::mpi::require_pointer(info, "info");
    Info environment = infos().get(MPI_INFO_ENV);
    if (argc > 0 && argv != nullptr && argv[0] != nullptr) {
      std::vector<std::string> args;
      for (int i = 0; i < argc && argv[i] != nullptr; ++i) args.emplace_back(argv[i]);
      xo::mpi::set_command_line(environment, args);
    }
    *info = infos().add(std::move(environment));
  });
}

}  // extern "C"
