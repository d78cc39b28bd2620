// DefinitionTable: the first definition of a reference is kept, iteration is in definition order
// (the trace model's rows follow it), lookups find by reference.

#include "xo/tracer/definition_table.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

using xo::tracer::DefinitionTable;

TEST(DefinitionTable, KeepsTheFirstDefinitionAndTheOrderOfDefinition) {
  DefinitionTable<std::uint32_t, std::string> strings;
  EXPECT_TRUE(strings.add(9, "nine"));
  EXPECT_TRUE(strings.add(2, "two"));
  EXPECT_FALSE(strings.add(9, "again"));
  EXPECT_TRUE(strings.add(5, "five"));
  std::vector<std::uint32_t> order;
  for (const auto& [ref, text] : strings) order.push_back(ref);
  EXPECT_EQ(order, (std::vector<std::uint32_t>{9, 2, 5}));
  EXPECT_EQ(strings.size(), 3u);
  EXPECT_EQ(strings.at(9), "nine");
  EXPECT_EQ(strings.find(2)->second, "two");
}

TEST(DefinitionTable, AnUndefinedReferenceIsNotFound) {
  DefinitionTable<std::uint32_t, int> regions;
  regions.add(1, 10);
  EXPECT_EQ(regions.find(7), regions.end());
  EXPECT_EQ(regions.count(7), 0u);
  EXPECT_EQ(regions.count(1), 1u);
  EXPECT_THROW(regions.at(7), std::out_of_range);
}
