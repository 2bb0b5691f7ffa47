// AclDevice: the Device of dcconf-cann-run in the CANN project (compiled only there; the main build never includes
// ACL headers). NOT COMPILED HERE: written against the ACL runtime calls the vendor documents.
#pragma once

#include <memory>
#include <string>

#include "device.hpp"

namespace dcconf::cann {

// aclInit, aclrtSetDevice(deviceId), aclrtCreateStream; nullptr and an error line when any fails.
std::unique_ptr<Device> makeAclDevice(int deviceId, std::string& error);

}  // namespace dcconf::cann
