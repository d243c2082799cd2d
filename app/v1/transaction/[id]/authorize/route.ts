import { otherMethods, withRequestId } from "@/lib/api/next";
import { openApprovalPage, openingOf } from "@/lib/approval/approval";
import { returnOnFailure } from "@/lib/approval/failure";
import {
  blockedFramePage,
  otherBrowserPage,
  paymentNotFound,
  seeOther,
  withSecurityHeaders,
} from "@/lib/approval/html";
import { sessionCookie, sessionFromCookies } from "@/lib/approval/shopper-session";

// GET /v1/transaction/<id>/authorize – the approval_url: the shopper's browser, no API key
export const GET = withRequestId(async (req: Request, { params }: { params: Promise<{ id: string }> }) =>
  withSecurityHeaders(await open(req, params)),
);

async function open(req: Request, params: Promise<{ id: string }>): Promise<Response> {
  const id = (await params).id;

  return returnOnFailure(id, async () => {
    const cookie = sessionFromCookies(req.headers.get("cookie"), id);
    const target = await openApprovalPage(id, cookie, openingOf(req.headers));
    switch (target.kind) {
      case "not_found":
        return paymentNotFound();
      case "blocked":
        return blockedFramePage(target);
      case "elsewhere":
        return otherBrowserPage();
      case "merchant":
        return seeOther(target.url);
      case "page": {
        const res = seeOther(target.path);
        if (target.session)
          res.headers.append("set-cookie", sessionCookie(id, target.session, { framed: target.framed }));
        return res;
      }
    }
  });
}

export const { HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods({ GET }, { headFromGet: false });
