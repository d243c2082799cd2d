import { describe, expect, it } from "vitest";
import { dashboardReturnPath } from "@/lib/dashboard/return-path";

describe("dashboardReturnPath", () => {
  it("takes a dashboard page of this site, with its query", () => {
    expect(dashboardReturnPath("/dashboard")).toBe("/dashboard");
    expect(dashboardReturnPath("/dashboard/transactions?status=DECLINED")).toBe(
      "/dashboard/transactions?status=DECLINED",
    );
    expect(dashboardReturnPath("/dashboard/developers/events?type=x#top")).toBe("/dashboard/developers/events?type=x");
  });

  it("refuses another site, however it is written (no open redirect)", () => {
    for (const value of [
      "https://evil.example/dashboard",
      "http://evil.example",
      "//evil.example/dashboard",
      "/\\evil.example",
      "/dashboard\\..\\..\\evil",
      "\\\\evil.example",
      "javascript:alert(1)",
      " /dashboard",
      "/dashboard\t/x",
      "/dashboard\n//evil.example",
      "https:/dashboard",
    ])
      expect(dashboardReturnPath(value), value).toBeNull();
  });

  it("refuses a path outside the dashboard, the login itself, and what is not text", () => {
    expect(dashboardReturnPath("/dashboard/../pay/123")).toBeNull();
    expect(dashboardReturnPath("/dashboard/%2e%2e/pay")).toBeNull();
    expect(dashboardReturnPath("/dashboardx")).toBeNull();
    expect(dashboardReturnPath("/v1/transactions")).toBeNull();
    expect(dashboardReturnPath("/dashboard/login?callbackUrl=/dashboard")).toBeNull();
    expect(dashboardReturnPath(undefined)).toBeNull();
    expect(dashboardReturnPath(["/dashboard"])).toBeNull();
    expect(dashboardReturnPath(`/dashboard/${"x".repeat(2001)}`)).toBeNull();
  });
});
