import { expect, test } from './fixtures.ts';

test('an unknown path shows the 404 page whose button goes home', async ({ page }) => {
  await page.goto('/this/path/does/not/exist');
  const backHome = page.getByTestId('back-home');
  await expect(backHome).toBeVisible();
  await expect(backHome).toHaveText('Back to Home');
  await backHome.click();
  await expect(page).toHaveURL(/\/$/);
});

test('the app ships React Router’s production build, without its development warnings', async ({
  request,
}) => {
  // React Router 7 exports its development build in every mode; vite.config.ts picks the other.
  // (a page the server rendered names its scripts in a data block and adds them after its first
  // frame: server app-start.ts)
  const html = await (await request.get('/')).text();
  const named = /<script type="application\/json" id="pv-start">([^<]*)<\/script>/.exec(html);
  const start = named ? (JSON.parse(named[1]!) as { scripts: string[]; modules: string[] }) : null;
  const scripts = [
    ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
    ...(start ? [...start.scripts, ...start.modules] : []),
  ];
  expect(scripts.length).toBeGreaterThan(1);
  const code = (await Promise.all(scripts.map(async (s) => (await request.get(s)).text()))).join(
    '\n',
  );
  // the router is among the first scripts (an invariant both builds keep) …
  expect(code).toContain('may be used only in the context of a <Router> component');
  // … and a warning only its development build has is not
  expect(code).not.toContain('No routes matched location');
  expect(code).not.toContain('You rendered descendant <Routes>');
});

test('a query key naming another site asks first; pixiv and this site are followed at once', async ({
  page,
  baseURL,
}) => {
  // eight page loads: more than the default minute on a loaded machine
  test.slow();
  // spec 001 §2.1's `?http…` key, in the spellings of issue 34
  const asked: [path: string, destination: string, back: string][] = [
    ['/?https://evil.example/x', 'https://evil.example/x', '/'],
    ['/setting?https://evil.example/phish', 'https://evil.example/phish', '/setting'],
    ['/?http:%2F%2Fevil.example', 'http://evil.example/', '/'],
    ['/?https://evil.example%40127.0.0.1/', 'https://evil.example@127.0.0.1/', '/'],
  ];
  const left: string[] = [];
  await page.route(/^https?:\/\/(evil\.example|www\.pixiv\.net|127\.0\.0\.1\/)/, (route) => {
    left.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<title>elsewhere</title>' });
  });
  for (const [path, destination, back] of asked) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Leaving this site' })).toBeVisible();
    await expect(page.getByTestId('leave-site-url')).toHaveText(destination);
    await expect(page.getByRole('link', { name: 'Continue to the site' })).toHaveAttribute(
      'href',
      destination,
    );
    await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', back);
    expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  }
  expect(left).toEqual([]);
  // the way back, by keyboard: this site's page without the key
  await page.goto('/setting?https://evil.example/phish');
  await page.getByRole('link', { name: 'Go back' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${baseURL}/setting`);
  // pixiv's own hosts and this site: at once
  const toPixiv = page.waitForRequest(
    (r) => r.isNavigationRequest() && r.url().startsWith('https://www.pixiv.net/'),
  );
  await page.goto('/?https://www.pixiv.net/artworks/1', { waitUntil: 'commit' });
  expect((await toPixiv).url()).toBe('https://www.pixiv.net/artworks/1');
  await page.goto(`/?${baseURL}/rank/daily`);
  await expect(page).toHaveURL(`${baseURL}/rank/daily`);
});
