#include "xo/mpi/state/attributes.hpp"

#include <mpi.h>

#include <algorithm>
#include <string>

#include "xo/mpi/state/mpi_error.hpp"

namespace xo::mpi {

namespace {

const char* kind_name(KeyvalKind kind) {
  switch (kind) {
    case KeyvalKind::Comm: return "communicator";
    case KeyvalKind::Type: return "datatype";
    case KeyvalKind::Win: return "window";
  }
  return "object";
}

AttributeList::iterator find(AttributeList& list, int keyval) {
  return std::find_if(list.begin(), list.end(), [&](const Attribute& a) { return a.keyval == keyval; });
}

void run_delete(const Keyval& k, int object, int keyval, void* value) {
  if (k.remove == nullptr) return;
  const int code = k.remove(object, keyval, value, k.extra_state);
  if (code != MPI_SUCCESS) {
    throw MpiError(code, "the delete callback of keyval " + std::to_string(keyval) + " returned error " +
                             std::to_string(code) + "; the attribute was not deleted");
  }
}

}  // namespace

int KeyvalTable::create(KeyvalKind kind, CopyCallback copy, DeleteCallback remove, void* extra_state) {
  keyvals_.push_back(Keyval{kind, copy, remove, extra_state, false});
  return kFirstUserKeyval + static_cast<int>(keyvals_.size() - 1);
}

const Keyval& KeyvalTable::get(int keyval, KeyvalKind kind) const {
  if (keyval == MPI_KEYVAL_INVALID) throw MpiError(MPI_ERR_KEYVAL, "the keyval is MPI_KEYVAL_INVALID");
  const auto index = static_cast<std::size_t>(keyval - kFirstUserKeyval);
  if (keyval < kFirstUserKeyval || index >= keyvals_.size()) {
    throw MpiError(MPI_ERR_KEYVAL, "keyval " + std::to_string(keyval) +
                                       " was not created by this rank; create one with MPI_Comm_create_keyval, "
                                       "MPI_Type_create_keyval or MPI_Win_create_keyval");
  }
  const Keyval& k = keyvals_[index];
  if (k.freed) throw MpiError(MPI_ERR_KEYVAL, "keyval " + std::to_string(keyval) + " was already freed");
  if (k.kind != kind) {
    throw MpiError(MPI_ERR_KEYVAL, "keyval " + std::to_string(keyval) + " was created for " + kind_name(k.kind) +
                                       "s, not " + kind_name(kind) + "s");
  }
  return k;
}

const Keyval& KeyvalTable::get_in_use(int keyval, KeyvalKind kind) const {
  const auto index = static_cast<std::size_t>(keyval - kFirstUserKeyval);
  if (keyval >= kFirstUserKeyval && index < keyvals_.size() && keyvals_[index].freed && keyvals_[index].uses > 0 &&
      keyvals_[index].kind == kind) {
    return keyvals_[index];
  }
  return get(keyval, kind);
}

void KeyvalTable::free(int& keyval, KeyvalKind kind) {
  get_in_use(keyval, kind);
  keyvals_[static_cast<std::size_t>(keyval - kFirstUserKeyval)].freed = true;
  keyval = MPI_KEYVAL_INVALID;
}

void set_attribute(const KeyvalTable& keyvals, AttributeList& list, int object, int keyval, void* value) {
  auto it = find(list, keyval);
  if (it != list.end()) {
    const Keyval k = keyvals.entry(keyval);  // a copy: the callback may create keyvals
    run_delete(k, object, keyval, it->value);
    it = find(list, keyval);  // the callback may have changed the list
    if (it != list.end()) {
      list.erase(it);
      --keyvals.entry(keyval).uses;
    }
  }
  list.push_back({keyval, value});  // the newest setting is deleted first
  ++keyvals.entry(keyval).uses;
}

void* find_attribute(const AttributeList& list, int keyval, bool* found) {
  for (const Attribute& a : list) {
    if (a.keyval == keyval) {
      *found = true;
      return a.value;
    }
  }
  *found = false;
  return nullptr;
}

bool delete_attribute(const KeyvalTable& keyvals, AttributeList& list, int object, int keyval) {
  auto it = find(list, keyval);
  if (it == list.end()) return false;
  const Keyval k = keyvals.entry(keyval);
  run_delete(k, object, keyval, it->value);
  it = find(list, keyval);
  if (it != list.end()) {
    list.erase(it);
    --keyvals.entry(keyval).uses;
  }
  return true;
}

void delete_all_attributes(const KeyvalTable& keyvals, AttributeList& list, int object) {
  while (!list.empty()) {
    const Attribute last = list.back();
    const Keyval k = keyvals.entry(last.keyval);
    run_delete(k, object, last.keyval, last.value);
    auto it = find(list, last.keyval);
    if (it != list.end()) {
      list.erase(it);
      --keyvals.entry(last.keyval).uses;
    }
  }
}

AttributeList copy_attributes(const KeyvalTable& keyvals, const AttributeList& list, int old_object, int new_object) {
  AttributeList copied;
  const AttributeList source = list;  // callbacks may set attributes on the old object
  for (const Attribute& a : source) {
    const Keyval k = keyvals.entry(a.keyval);
    if (k.copy == nullptr) continue;
    void* value_out = nullptr;
    int flag = 0;
    const int code = k.copy(old_object, a.keyval, k.extra_state, a.value, &value_out, &flag);
    if (code != MPI_SUCCESS) {
      try {
        delete_all_attributes(keyvals, copied, new_object);
      } catch (const MpiError&) {
        // The copy callback's error is the one to report.
      }
      throw MpiError(code, "the copy callback of keyval " + std::to_string(a.keyval) + " returned error " +
                               std::to_string(code) + "; the duplicate was not made");
    }
    if (flag != 0) {
      copied.push_back({a.keyval, value_out});
      ++keyvals.entry(a.keyval).uses;
    }
  }
  return copied;
}

}  // namespace xo::mpi
