/*
 * payrail.js: the merchant-side helper for Payrail's hosted card iFrame.
 *
 *   <script src="https://<payrail>/js/payrail.js"></script>
 *   <iframe src="<details.approval_url>" title="Card payment"></iframe>
 *   <script>window.onPaid = function (url) { window.location.assign(url); };</script>
 *
 * The hosted card page posts {type: "payrail.redirect", url, redirect_parent_function?} to this
 * window when the payment is finished. Messages from any origin other than Payrail's (the origin
 * this script was loaded from) are ignored. The URL is the merchant's redirect_url with
 * transaction_id (and error); check the outcome server-side with checkoutsuccess.
 */
(() => {
  const script = document.currentScript;
  if (!script?.src) return;
  const payrailOrigin = new URL(script.src).origin;

  function frameOf(source) {
    const frames = document.getElementsByTagName("iframe");
    for (let i = 0; i < frames.length; i++) if (frames[i].contentWindow === source) return frames[i];
    return null;
  }

  window.addEventListener("message", (event) => {
    if (event.origin !== payrailOrigin) return;
    const data = event.data;
    if (!data || typeof data !== "object") return;

    if (data.type === "payrail.resize" && typeof data.height === "number") {
      const frame = frameOf(event.source);
      if (frame && data.height > 0 && data.height < 5000) frame.style.height = `${Math.ceil(data.height)}px`;
      return;
    }
    if (data.type !== "payrail.redirect" || typeof data.url !== "string") return;
    let url;
    try {
      url = new URL(data.url);
    } catch {
      return;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return;

    const name = data.redirect_parent_function;
    if (typeof name === "string" && /^[A-Za-z0-9]{1,64}$/.test(name) && typeof window[name] === "function") {
      window[name](url.href);
      return;
    }
    try {
      window.top.location.assign(url.href);
    } catch {
      window.location.assign(url.href);
    }
  });

  window.Payrail = Object.freeze({ origin: payrailOrigin, version: 1 });
})();
