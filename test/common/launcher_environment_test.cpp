// What the launcher's environment says of this process: a plain run, or one
// of N processes mpirun or srun started.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "common/launcher_environment.hpp"

namespace {

using Values = std::vector<std::pair<std::string, std::string>>;

// Sets the variables for one section and restores what was there before.
class ScopedEnvironment {
public:
    explicit ScopedEnvironment(const Values& values) {
        for (const char* name : kNames) {
            const char* old = std::getenv(name);
            saved_.push_back({name, old ? std::optional<std::string>(old) : std::nullopt});
            ::unsetenv(name);
        }
        for (const auto& [name, value] : values) ::setenv(name.c_str(), value.c_str(), 1);
    }
    ~ScopedEnvironment() {
        for (const auto& [name, value] : saved_) {
            if (value) {
                ::setenv(name.c_str(), value->c_str(), 1);
            } else {
                ::unsetenv(name.c_str());
            }
        }
    }
    ScopedEnvironment(const ScopedEnvironment&) = delete;
    ScopedEnvironment& operator=(const ScopedEnvironment&) = delete;

private:
    static constexpr const char* kNames[] = {"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", "PMI_SIZE", "PMI_RANK",
                                             "SLURM_PROCID", "SLURM_STEP_NUM_TASKS", "PMIX_RANK"};
    std::vector<std::pair<std::string, std::optional<std::string>>> saved_;
};

}  // namespace

TEST_CASE("launcher environment: a plain run, mpirun's, MPICH's and srun's processes, and which one this is") {
    {
        const ScopedEnvironment plain(Values{});
        CHECK_FALSE(msprobe::launcher_environment());
    }
    {
        const ScopedEnvironment mpirun(Values{{"OMPI_COMM_WORLD_SIZE", "3"}, {"OMPI_COMM_WORLD_RANK", "0"}});
        REQUIRE(msprobe::launcher_environment());
        CHECK(msprobe::launcher_environment()->count == 3);
        CHECK(msprobe::launcher_environment()->index == 0);
    }
    {
        const ScopedEnvironment hydra(Values{{"PMI_SIZE", "16"}, {"PMI_RANK", "15"}});
        CHECK(msprobe::launcher_environment()->count == 16);
        CHECK(msprobe::launcher_environment()->index == 15);
    }
    {
        const ScopedEnvironment srun(Values{{"SLURM_PROCID", "2"}, {"SLURM_STEP_NUM_TASKS", "4"}});
        CHECK(msprobe::launcher_environment()->count == 4);
        CHECK(msprobe::launcher_environment()->index == 2);
    }
    {
        // A launcher that does not say which process this is.
        const ScopedEnvironment unnumbered(Values{{"OMPI_COMM_WORLD_SIZE", "2"}});
        CHECK_FALSE(msprobe::launcher_environment()->index);
    }
    {
        // A batch script's own shell has SLURM_PROCID but started no job step: a plain run.
        const ScopedEnvironment batch(Values{{"SLURM_PROCID", "0"}});
        CHECK_FALSE(msprobe::launcher_environment());
    }
    {
        const ScopedEnvironment pmix(Values{{"PMIX_RANK", "1"}});
        REQUIRE(msprobe::launcher_environment());
        CHECK_FALSE(msprobe::launcher_environment()->count);
        CHECK(msprobe::launcher_environment()->index == 1);
    }
    {
        const ScopedEnvironment garbled(Values{{"OMPI_COMM_WORLD_SIZE", "three"}});
        CHECK_FALSE(msprobe::launcher_environment());
    }
}

TEST_CASE("launcher environment: a child given the plain run's environment is no launched process") {
    const ScopedEnvironment mpirun(Values{{"OMPI_COMM_WORLD_SIZE", "3"}, {"OMPI_COMM_WORLD_RANK", "1"}, {"PMIX_RANK", "1"}});
    const auto variables = msprobe::plain_run_environment();
    const auto has = [&](const std::string& prefix) {
        return std::any_of(variables.begin(), variables.end(), [&](const std::string& v) { return v.rfind(prefix, 0) == 0; });
    };
    CHECK_FALSE(has("OMPI_COMM_WORLD_SIZE="));
    CHECK_FALSE(has("PMIX_RANK="));
    CHECK(has("OMPI_COMM_WORLD_RANK=1"));  // not read by itself, so kept
    if (std::getenv("PATH") != nullptr) CHECK(has(std::string("PATH=") + std::getenv("PATH")));
}
