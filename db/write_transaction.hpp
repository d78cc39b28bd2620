#pragma once
// One write transaction taken with the write lock up front (BEGIN IMMEDIATE), so concurrent
// writers queue on the busy timeout instead of failing halfway; any error rolls it back whole.

#include <string_view>

#include "sqlite_connection.hpp"

namespace xo::db {

template <typename Body>
void in_write_transaction(Connection& connection, std::string_view doing, Body&& body) {
  connection.execute("BEGIN IMMEDIATE", doing);
  try {
    body();
    connection.execute("COMMIT", doing);
  } catch (...) {
    connection.rollback();
    throw;
  }
}

}  // namespace xo::db
