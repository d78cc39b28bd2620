// Which programs' copies are clones (program/copy_cloning.hpp), on programs built by xo cc: with and
// without thread-locals (C's _Thread_local, C++'s thread_local with a constructor) they are, and an
// image with a relocation kind a clone does not apply (an IFUNC's) is refused with that kind named.

#include "../../program/copy_cloning.hpp"

#include <elf.h>
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "../../program/elf_image.hpp"

namespace {

const std::string kPrograms = XO_TEST_PROGRAMS_DIR;

std::vector<char> image_of(const std::string& program) {
  std::ifstream in(kPrograms + "/" + program, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(CopyCloning, AProgramWithoutThreadLocalsIsCloned) {
  const auto image = image_of("cloned_copies");
  ASSERT_FALSE(image.empty());
  EXPECT_EQ(xo::program::CopyCloner::why_not(image), "");
}

TEST(CopyCloning, ProgramsWithThreadLocalsAreCloned) {
  for (const char* program : {"private_globals", "private_objects"}) {
    const auto image = image_of(program);
    ASSERT_FALSE(image.empty()) << program;
    EXPECT_EQ(xo::program::CopyCloner::why_not(image), "") << program;
  }
}

TEST(CopyCloning, AnUnknownRelocationKindIsNamed) {
  auto image = image_of("cloned_copies");
  const std::uint64_t table = xo::program::dynamic_value(image, DT_JMPREL);
  const std::int64_t offset = xo::program::file_offset(image, table);
  ASSERT_GT(offset, 0);
  auto* first = reinterpret_cast<Elf64_Rela*>(image.data() + offset);
  first->r_info = ELF64_R_INFO(ELF64_R_SYM(first->r_info), R_X86_64_IRELATIVE);
  EXPECT_NE(xo::program::CopyCloner::why_not(image).find("kind 37"), std::string::npos)
      << xo::program::CopyCloner::why_not(image);
}

}  // namespace
