#include "report/background_write.hpp"

namespace msprobe::report {

BackgroundWrite::~BackgroundWrite() {
    if (done_.valid()) done_.wait();
}

void BackgroundWrite::start(WriteBuffer& buffer, std::uint64_t offset, std::size_t size) {
    wait();
    std::swap(buffer, writing_);
    buffer.resize(writing_.size());
    done_ = std::async(std::launch::async, [this, offset, size] { write_(offset, writing_.data(), size); });
}

void BackgroundWrite::wait() {
    if (done_.valid()) done_.get();
}

}  // namespace msprobe::report
