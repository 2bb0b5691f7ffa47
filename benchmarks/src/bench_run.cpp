// dcconf bench's engine (see bench_run.hpp): rows through a Backend, paired with memcpy; the table and bench.json.
#include "bench_run.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <ostream>
#include <sstream>
#include <thread>

#include <nlohmann/json.hpp>

#include "dcconf/report/report.hpp"

namespace dcconf::bench {
namespace {

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

// Three significant digits, so a slow backend still shows a number ("0.0412").
std::string threeDigits(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, value >= 100 ? "%.0f" : "%.3g", value);
  return buffer;
}

}  // namespace

std::vector<BenchRow> runBench(backends::Backend& backend, const BenchOptions& options, std::ostream& err) {
  const std::regex filter(options.filter.empty() ? std::string(".*") : options.filter);
  const bool capped = backend.name() == "oracle";
  std::vector<BenchRow> rows;
  for (const std::uint64_t size : options.sizes) {
    for (const BenchCase& benchCase : benchCases()) {
      const std::string rowLabel = label(benchCase) + "/" + sizeLabel(size);
      if (!std::regex_search(rowLabel, filter)) continue;
      BenchInstance instance = benchCase.build(benchCase.dtype, size);
      BenchRow row;
      row.name = benchCase.name;
      row.path = pathOf(instance);
      row.dtype = oracle::name(benchCase.dtype);
      row.dtypeBytes = oracle::sizeBytes(benchCase.dtype);
      row.sizeBytes = size;
      row.payloadBytes = instance.payloadBytes;
      if (capped && size > kOracleMaxBytes) {
        row.status = "skipped";
        row.detail = "the oracle is benchmarked up to " + sizeLabel(kOracleMaxBytes);
        rows.push_back(std::move(row));
        continue;
      }
      err << "dcconf bench: " << rowLabel << '\n';
      const backends::RunResult first = backend.run(instance.c, instance.src, instance.dst);
      if (first.status != backends::RunStatus::ok) {
        // A path the backend does not implement (yet) is skipped, with its answer as the reason; the other answers
        // (rejected, crashed, ...) are the row's status.
        const bool skipped = first.status == backends::RunStatus::notSupported;
        row.status = skipped ? "skipped" : std::string(backends::name(first.status));
        row.detail = skipped ? "not-supported: " + first.detail : first.detail;
        rows.push_back(std::move(row));
        continue;
      }
      // Each repetition times the memcpy of the same payload right before the backend, so that a change of load on
      // a shared machine moves both; the ratio is the median of the pairs' ratios.
      std::vector<std::uint8_t> from(instance.payloadBytes, 0x5A);
      std::vector<std::uint8_t> to(instance.payloadBytes, 0);
      std::vector<double> memcpyRates, backendRates, ratios;
      for (std::uint32_t r = 0; r < std::max<std::uint32_t>(options.repetitions, 1); ++r) {
        memcpyRates.push_back(bytesPerSecond([&] { std::memcpy(to.data(), from.data(), to.size()); },
                                             instance.payloadBytes, options.minSeconds));
        backendRates.push_back(bytesPerSecond([&] { backend.run(instance.c, instance.src, instance.dst); },
                                              instance.payloadBytes, options.minSeconds));
        ratios.push_back(backendRates.back() / memcpyRates.back());
      }
      row.memcpyBytesPerSecond = median(memcpyRates);
      row.backendBytesPerSecond = median(backendRates);
      row.ratio = median(ratios);
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

MachineInfo machineInfo() {
  MachineInfo info;
  info.cores = std::thread::hardware_concurrency();
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);) {
    if (line.rfind("model name", 0) != 0) continue;
    const std::size_t colon = line.find(':');
    if (colon != std::string::npos) info.cpu = line.substr(std::min(line.size(), colon + 2));
    break;
  }
  std::ifstream loadavg("/proc/loadavg");
  std::string one, five, fifteen;
  if (loadavg >> one >> five >> fifteen) info.loadAverage = one + " " + five + " " + fifteen;
  return info;
}

std::string tableText(const std::vector<BenchRow>& rows, const std::string& backendName) {
  const std::string rateHeader = backendName + " GB/s";
  const int rateWidth = static_cast<int>(std::max<std::size_t>(rateHeader.size(), 10));
  std::ostringstream out;
  char line[512];
  std::snprintf(line, sizeof line, "%-20s %-11s %-8s %5s %*s %11s %7s  %s\n", "case", "path", "dtype", "size",
                rateWidth, rateHeader.c_str(), "memcpy GB/s", "ratio", "status");
  out << line;
  for (const BenchRow& row : rows) {
    const bool ok = row.status == "ok";
    const std::string status = ok ? "ok" : row.status + (row.detail.empty() ? "" : ": " + row.detail);
    std::snprintf(line, sizeof line, "%-20s %-11s %-8s %5s %*s %11s %7s  %s\n", row.name.c_str(), row.path.c_str(),
                  row.dtype.c_str(), sizeLabel(row.sizeBytes).c_str(), rateWidth,
                  ok ? threeDigits(row.backendBytesPerSecond / 1e9).c_str() : "-",
                  ok ? threeDigits(row.memcpyBytesPerSecond / 1e9).c_str() : "-",
                  ok ? threeDigits(row.ratio).c_str() : "-", status.c_str());
    out << line;
  }
  return out.str();
}

std::string jsonText(const std::vector<BenchRow>& rows, const BenchOptions& options, const backends::Backend& backend,
                     const MachineInfo& machine) {
  nlohmann::json json;
  json["schema"] = "dcconf.bench/1";
  json["date"] = report::isoNowUtc();
  json["backend"] = {{"spec", options.backendSpec}, {"name", backend.name()}, {"version", backend.version()}};
  json["machine"] = {{"cpu", machine.cpu}, {"cores", machine.cores}, {"loadAverage", machine.loadAverage}};
  json["settings"] = {{"sizes", options.sizes},
                      {"filter", options.filter},
                      {"repetitions", options.repetitions},
                      {"minSecondsPerMeasurement", options.minSeconds},
                      {"oracleMaxBytes", kOracleMaxBytes}};
  json["results"] = nlohmann::json::array();
  for (const BenchRow& row : rows) {
    nlohmann::json entry = {{"case", row.name},
                            {"path", row.path},
                            {"dtype", row.dtype},
                            {"dtypeBytes", row.dtypeBytes},
                            {"sizeBytes", row.sizeBytes},
                            {"payloadBytes", row.payloadBytes},
                            {"status", row.status}};
    if (row.status == "ok") {
      entry["backendBytesPerSecond"] = row.backendBytesPerSecond;
      entry["memcpyBytesPerSecond"] = row.memcpyBytesPerSecond;
      entry["ratio"] = row.ratio;
    } else {
      entry["detail"] = row.detail;
    }
    json["results"].push_back(std::move(entry));
  }
  return json.dump(2) + "\n";
}

}  // namespace dcconf::bench
