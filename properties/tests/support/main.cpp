// gtest main for the property tests: RC_PARAMS is honoured as given; when it sets no max_success, the suite's
// default case count (DCCONF_PROP_CASES, CTest sets it; else 1000) is appended.
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

int main(int argc, char** argv) {
  const char* given = std::getenv("RC_PARAMS");
  std::string params = given != nullptr ? given : "";
  if (params.find("max_success") == std::string::npos) {
    const char* cases = std::getenv("DCCONF_PROP_CASES");
    params += std::string(params.empty() ? "" : " ") + "max_success=" + (cases != nullptr ? cases : "1000");
    setenv("RC_PARAMS", params.c_str(), 1);
  }
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
