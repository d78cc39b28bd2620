#include "xo/mpi/state/info_table.hpp"

#include <algorithm>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

void Info::set(const std::string& key, std::string value) {
  for (auto& [k, v] : entries_) {
    if (k == key) {
      v = std::move(value);
      return;
    }
  }
  entries_.emplace_back(key, std::move(value));
}

const std::string* Info::find(const std::string& key) const {
  for (const auto& [k, v] : entries_) {
    if (k == key) return &v;
  }
  return nullptr;
}

bool Info::erase(const std::string& key) {
  auto it = std::find_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == key; });
  if (it == entries_.end()) return false;
  entries_.erase(it);
  return true;
}

void set_command_line(Info& info, const std::vector<std::string>& args) {
  if (!args.empty()) info.set("command", args[0]);
  std::string arguments;
  for (std::size_t i = 1; i < args.size(); ++i) {
    if (i > 1) arguments += ' ';
    arguments += args[i];
  }
  info.set("argv", arguments);
}

Info* InfoTable::slot(MPI_Info handle) const {
  const auto index = static_cast<std::size_t>(handle - 2);
  return handle > MPI_INFO_ENV && index < slots_.size() ? slots_[index].get() : nullptr;
}

void InfoTable::refuse(MPI_Info handle) {
  if (handle == MPI_INFO_NULL)
    throw MpiError(MPI_ERR_INFO, "the info object is MPI_INFO_NULL; create one with MPI_Info_create");
  throw MpiError(MPI_ERR_INFO, "info handle " + std::to_string(handle) +
                                   " is not a valid info object (never created, or already freed)");
}

Info& InfoTable::get_writable(MPI_Info handle) {
  if (handle == MPI_INFO_ENV) {
    throw MpiError(MPI_ERR_INFO, "MPI_INFO_ENV is predefined and read only; MPI_Info_dup it to change a copy");
  }
  if (Info* info = slot(handle)) return *info;
  refuse(handle);
}

MPI_Info InfoTable::add(Info info) {
  auto owned = std::make_unique<Info>(std::move(info));
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    if (!slots_[i]) {
      slots_[i] = std::move(owned);
      return static_cast<MPI_Info>(i + 2);
    }
  }
  slots_.push_back(std::move(owned));
  return static_cast<MPI_Info>(slots_.size() + 1);
}

const Info& InfoTable::get(MPI_Info handle) const {
  if (handle == MPI_INFO_ENV && environment_) return *environment_;
  if (const Info* info = slot(handle)) return *info;
  refuse(handle);
}

void InfoTable::check_or_null(MPI_Info handle) {
  if (handle != MPI_INFO_NULL) get(handle);
}

void InfoTable::free(MPI_Info& handle) {
  get_writable(handle);
  slots_[static_cast<std::size_t>(handle - 2)].reset();
  handle = MPI_INFO_NULL;
}

}  // namespace xo::mpi
