#pragma once
// A scope that draws from libtorch's global CPU generator under its own seed
// and gives the generator back exactly as it found it, so draws made inside
// do not shift the stream the reference's inputs depend on.
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/core/Generator.h>

#include <cstdint>
#include <mutex>

namespace msprobe::run_ut {

class PrivateRandomStream {
public:
    explicit PrivateRandomStream(std::uint64_t seed) : generator_(at::detail::getDefaultCPUGenerator()) {
        std::lock_guard<std::mutex> lock(generator_.mutex());
        saved_ = generator_.get_state();
        generator_.set_current_seed(seed);
    }
    ~PrivateRandomStream() {
        std::lock_guard<std::mutex> lock(generator_.mutex());
        generator_.set_state(saved_);
    }
    PrivateRandomStream(const PrivateRandomStream&) = delete;
    PrivateRandomStream& operator=(const PrivateRandomStream&) = delete;

private:
    at::Generator generator_;
    at::Tensor saved_;
};

}  // namespace msprobe::run_ut
