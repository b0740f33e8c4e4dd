#pragma once

#include <stdexcept>
#include <string>

namespace attn {

// Thrown for inputs the core cannot compute on. The message is meant for the user as is: it
// names the matrices and their shapes ("Wk has 4 rows but the context has 5 columns").
class InputError : public std::runtime_error {
public:
    explicit InputError(const std::string &message) : std::runtime_error(message) {}
};

} // namespace attn
