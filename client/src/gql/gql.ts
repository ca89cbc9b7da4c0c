/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query GalleryShell($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      url\n      eventName\n      auth {\n        accessCodeAuthorized\n        needEmail\n        isClient\n        isPhotographer\n      }\n      theme {\n        theme\n        variant\n        photosGap {\n          value\n        }\n        colorTheme {\n          colors {\n            primary\n            secondary\n            accent\n            light\n          }\n        }\n      }\n      ...GalleryHeader_gallery\n      ...AccountActions_gallery\n      ...NeedEmailHost_gallery\n      ...WelcomePopup_gallery\n    }\n  }\n": typeof types.GalleryShellDocument,
    "\n  fragment AccessAuthState on AuthState {\n    accessCodeAuthorized\n    isClient\n    isPhotographer\n    accessEmail\n    connectedAs\n    needEmail\n  }\n": typeof types.AccessAuthStateFragmentDoc,
    "\n  fragment AccessGalleryAuth on Gallery {\n    id\n    auth {\n      accessCodeAuthorized\n      isClient\n      isPhotographer\n      accessEmail\n      connectedAs\n      needEmail\n    }\n  }\n": typeof types.AccessGalleryAuthFragmentDoc,
    "\n  mutation EnterAccessCode($input: EnterAccessCodeInput!) {\n    enterAccessCode(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.EnterAccessCodeDocument,
    "\n  query AccessCodePage($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      accessPolicy {\n        hasClients\n      }\n      auth {\n        accessCodeAuthorized\n      }\n      ...AccessCover_gallery\n    }\n  }\n": typeof types.AccessCodePageDocument,
    "\n  fragment AccessCover_gallery on Gallery {\n    id\n    eventName\n    eventDateString\n    coverPhotoPosition\n    photographer {\n      id\n      name\n    }\n    coverPhoto {\n      id\n      dominantColor\n      urls {\n        viewer\n        srcSet\n      }\n    }\n  }\n": typeof types.AccessCover_GalleryFragmentDoc,
    "\n  fragment AccountActions_gallery on Gallery {\n    id\n    accessPolicy {\n      isPublic\n      needEmail\n      hasClients\n    }\n    auth {\n      accessCodeAuthorized\n      isClient\n      isPhotographer\n      accessEmail\n    }\n  }\n": typeof types.AccountActions_GalleryFragmentDoc,
    "\n  mutation EnterClientCode($input: EnterAccessCodeInput!) {\n    enterClientCode(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.EnterClientCodeDocument,
    "\n  mutation RequestEmailCode($input: RequestEmailCodeInput!) {\n    requestEmailCode(input: $input) {\n      email\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.RequestEmailCodeDocument,
    "\n  mutation Logout($input: LogoutInput!) {\n    logout(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.LogoutDocument,
    "\n  fragment NeedEmailHost_gallery on Gallery {\n    id\n    auth {\n      needEmail\n    }\n  }\n": typeof types.NeedEmailHost_GalleryFragmentDoc,
    "\n  mutation ConfirmEmail($input: ConfirmEmailInput!) {\n    confirmEmail(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.ConfirmEmailDocument,
    "\n  mutation RecoverClientCode($input: RecoverClientCodeInput!) {\n    recoverClientCode(input: $input) {\n      sent\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.RecoverClientCodeDocument,
    "\n  fragment WelcomePopup_gallery on Gallery {\n    id\n    accessPolicy {\n      hasClients\n    }\n    auth {\n      accessCodeAuthorized\n      needEmail\n      isClient\n    }\n    welcomePopupConfig {\n      mode\n      messageForClients\n      messageForVisitors\n    }\n  }\n": typeof types.WelcomePopup_GalleryFragmentDoc,
    "\n  query Album($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      albumSelection {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n    }\n  }\n": typeof types.AlbumDocument,
    "\n  query AlbumPhotos($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      albumSelection {\n        photoIds\n        photos(first: 100) {\n          edges {\n            node {\n              id\n              filename\n              urls {\n                thumbnail\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.AlbumPhotosDocument,
    "\n  fragment AlbumGallery on Gallery {\n    id\n    albumSelection {\n      state\n      maxPhotos\n      photoCount\n      excess\n      sentAt\n      photoIds\n    }\n  }\n": typeof types.AlbumGalleryFragmentDoc,
    "\n  mutation AddToAlbum($input: AlbumPhotosInput!) {\n    addToAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.AddToAlbumDocument,
    "\n  mutation RemoveFromAlbum($input: AlbumPhotosInput!) {\n    removeFromAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.RemoveFromAlbumDocument,
    "\n  mutation SendAlbum($input: SendAlbumInput!) {\n    sendAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.SendAlbumDocument,
    "\n  query ContactGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n    }\n  }\n": typeof types.ContactGalleryDocument,
    "\n  mutation NewCaptcha {\n    newCaptcha {\n      captcha {\n        id\n        imageUrl\n        audioUrl\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.NewCaptchaDocument,
    "\n  mutation ContactPhotographer($input: ContactPhotographerInput!) {\n    contactPhotographer(input: $input) {\n      sent\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.ContactPhotographerDocument,
    "\n  fragment DownloadsSection_prices on Prices {\n    formats {\n      id\n      name\n      kind\n      digitalQuality\n      onlyInPack\n      position\n      unitPrice {\n        amount\n        currency\n      }\n    }\n  }\n": typeof types.DownloadsSection_PricesFragmentDoc,
    "\n  fragment GalleryCover_gallery on Gallery {\n    id\n    eventName\n    eventDateString\n    coverPhotoPosition\n    lightenHomepage\n    hideSaleEmphasis\n    photographer {\n      id\n      name\n    }\n    coverPhoto {\n      id\n      filename\n      width\n      height\n      dominantColor\n      urls {\n        viewer\n        srcSet\n      }\n    }\n  }\n": typeof types.GalleryCover_GalleryFragmentDoc,
    "\n  fragment GalleryHeader_gallery on Gallery {\n    id\n    eventName\n    auth {\n      accessCodeAuthorized\n    }\n    ...MusicPlayer_gallery\n  }\n": typeof types.GalleryHeader_GalleryFragmentDoc,
    "\n  query GalleryHome($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      showFilename\n      hideSaleEmphasis\n      lightenHomepage\n      theme {\n        photosLayout\n      }\n      auth {\n        accessCodeAuthorized\n        needEmail\n      }\n      ...GalleryCover_gallery\n    }\n  }\n": typeof types.GalleryHomeDocument,
    "\n  query GalleryShop($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      availablePacks {\n        id\n        ...PackCard_pack\n      }\n      prices {\n        ...PrintsSection_prices\n        ...DownloadsSection_prices\n      }\n    }\n  }\n": typeof types.GalleryShopDocument,
    "\n  query GalleryPhotos($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photos(first: $first, after: $after) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n            ...PhotoCard_photo\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.GalleryPhotosDocument,
    "\n  query GalleryVideos($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      videos(first: 100) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n            ...VideoCard_video\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.GalleryVideosDocument,
    "\n  query GalleryPhotographerSelection($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photographerSelection {\n        count\n        photos(first: 100) {\n          edges {\n            node {\n              id\n              ...PhotoCard_photo\n            }\n          }\n        }\n      }\n    }\n  }\n": typeof types.GalleryPhotographerSelectionDocument,
    "\n  fragment MusicPlayer_gallery on Gallery {\n    music {\n      active\n      track {\n        id\n        title\n        url\n      }\n    }\n  }\n": typeof types.MusicPlayer_GalleryFragmentDoc,
    "\n  fragment PackCard_pack on Pack {\n    id\n    pack\n    displayName\n    description\n    gift\n    unitPrice {\n      amount\n      currency\n    }\n    formats {\n      quantity\n      format {\n        id\n        name\n      }\n    }\n    digitalFiles {\n      quantity\n      format {\n        id\n        name\n      }\n    }\n  }\n": typeof types.PackCard_PackFragmentDoc,
    "\n  fragment PhotoCard_photo on Photo {\n    id\n    filename\n    width\n    height\n    dominantColor\n    urls {\n      thumbnail\n      srcSet\n    }\n  }\n": typeof types.PhotoCard_PhotoFragmentDoc,
    "\n  fragment PrintsSection_prices on Prices {\n    categories {\n      id\n      name\n      description\n      section\n      position\n    }\n    formats {\n      id\n      kind\n      onlyInPack\n      position\n      unitPrice {\n        amount\n        currency\n      }\n      category {\n        id\n      }\n    }\n  }\n": typeof types.PrintsSection_PricesFragmentDoc,
    "\n  fragment VideoCard_video on Video {\n    id\n    title\n    host\n    thumbnailUrl\n    embedUrl\n  }\n": typeof types.VideoCard_VideoFragmentDoc,
    "\n  query PhotoGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      showFilename\n      theme {\n        viewerLimitSize\n        viewerMaxSize\n      }\n    }\n  }\n": typeof types.PhotoGalleryDocument,
    "\n  query PhotoNode($photoId: ID!) {\n    node(id: $photoId) {\n      __typename\n      id\n      ... on Photo {\n        ...PhotoViewer_photo\n      }\n    }\n  }\n": typeof types.PhotoNodeDocument,
    "\n  query PhotoSequence($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photos(first: $first, after: $after) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": typeof types.PhotoSequenceDocument,
    "\n  fragment PhotoViewer_photo on Photo {\n    id\n    filename\n    width\n    height\n    dominantColor\n    urls {\n      viewer\n      srcSet\n    }\n  }\n": typeof types.PhotoViewer_PhotoFragmentDoc,
    "\n  query Favorites($galleryId: ID!) {\n    mySelection(galleryId: $galleryId, id: \"favorites\") {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n    }\n  }\n": typeof types.FavoritesDocument,
    "\n  query MySelections($galleryId: ID!) {\n    mySelections(galleryId: $galleryId) {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n    }\n  }\n": typeof types.MySelectionsDocument,
    "\n  mutation AddToSelection($input: SelectionItemsInput!) {\n    addToSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.AddToSelectionDocument,
    "\n  mutation RemoveFromSelection($input: SelectionItemsInput!) {\n    removeFromSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.RemoveFromSelectionDocument,
    "\n  mutation CreateSelection($input: CreateSelectionInput!) {\n    createSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.CreateSelectionDocument,
    "\n  mutation DeleteSelection($input: DeleteSelectionInput!) {\n    deleteSelection(input: $input) {\n      deletedSelectionId\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.DeleteSelectionDocument,
    "\n  query SelectionGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n    }\n  }\n": typeof types.SelectionGalleryDocument,
    "\n  query SelectionPage($galleryId: ID!, $id: ID!) {\n    mySelection(galleryId: $galleryId, id: $id) {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n      photos(first: 100) {\n        edges {\n          node {\n            id\n            ...SelectionPhoto_photo\n          }\n        }\n      }\n    }\n  }\n": typeof types.SelectionPageDocument,
    "\n  fragment SelectionPhoto_photo on Photo {\n    id\n    filename\n    dominantColor\n    urls {\n      thumbnail\n    }\n  }\n": typeof types.SelectionPhoto_PhotoFragmentDoc,
    "\n  mutation ShareGallery($input: ShareGalleryInput!) {\n    shareGallery(input: $input) {\n      recipients\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": typeof types.ShareGalleryDocument,
};
const documents: Documents = {
    "\n  query GalleryShell($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      url\n      eventName\n      auth {\n        accessCodeAuthorized\n        needEmail\n        isClient\n        isPhotographer\n      }\n      theme {\n        theme\n        variant\n        photosGap {\n          value\n        }\n        colorTheme {\n          colors {\n            primary\n            secondary\n            accent\n            light\n          }\n        }\n      }\n      ...GalleryHeader_gallery\n      ...AccountActions_gallery\n      ...NeedEmailHost_gallery\n      ...WelcomePopup_gallery\n    }\n  }\n": types.GalleryShellDocument,
    "\n  fragment AccessAuthState on AuthState {\n    accessCodeAuthorized\n    isClient\n    isPhotographer\n    accessEmail\n    connectedAs\n    needEmail\n  }\n": types.AccessAuthStateFragmentDoc,
    "\n  fragment AccessGalleryAuth on Gallery {\n    id\n    auth {\n      accessCodeAuthorized\n      isClient\n      isPhotographer\n      accessEmail\n      connectedAs\n      needEmail\n    }\n  }\n": types.AccessGalleryAuthFragmentDoc,
    "\n  mutation EnterAccessCode($input: EnterAccessCodeInput!) {\n    enterAccessCode(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.EnterAccessCodeDocument,
    "\n  query AccessCodePage($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      accessPolicy {\n        hasClients\n      }\n      auth {\n        accessCodeAuthorized\n      }\n      ...AccessCover_gallery\n    }\n  }\n": types.AccessCodePageDocument,
    "\n  fragment AccessCover_gallery on Gallery {\n    id\n    eventName\n    eventDateString\n    coverPhotoPosition\n    photographer {\n      id\n      name\n    }\n    coverPhoto {\n      id\n      dominantColor\n      urls {\n        viewer\n        srcSet\n      }\n    }\n  }\n": types.AccessCover_GalleryFragmentDoc,
    "\n  fragment AccountActions_gallery on Gallery {\n    id\n    accessPolicy {\n      isPublic\n      needEmail\n      hasClients\n    }\n    auth {\n      accessCodeAuthorized\n      isClient\n      isPhotographer\n      accessEmail\n    }\n  }\n": types.AccountActions_GalleryFragmentDoc,
    "\n  mutation EnterClientCode($input: EnterAccessCodeInput!) {\n    enterClientCode(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.EnterClientCodeDocument,
    "\n  mutation RequestEmailCode($input: RequestEmailCodeInput!) {\n    requestEmailCode(input: $input) {\n      email\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.RequestEmailCodeDocument,
    "\n  mutation Logout($input: LogoutInput!) {\n    logout(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.LogoutDocument,
    "\n  fragment NeedEmailHost_gallery on Gallery {\n    id\n    auth {\n      needEmail\n    }\n  }\n": types.NeedEmailHost_GalleryFragmentDoc,
    "\n  mutation ConfirmEmail($input: ConfirmEmailInput!) {\n    confirmEmail(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.ConfirmEmailDocument,
    "\n  mutation RecoverClientCode($input: RecoverClientCodeInput!) {\n    recoverClientCode(input: $input) {\n      sent\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.RecoverClientCodeDocument,
    "\n  fragment WelcomePopup_gallery on Gallery {\n    id\n    accessPolicy {\n      hasClients\n    }\n    auth {\n      accessCodeAuthorized\n      needEmail\n      isClient\n    }\n    welcomePopupConfig {\n      mode\n      messageForClients\n      messageForVisitors\n    }\n  }\n": types.WelcomePopup_GalleryFragmentDoc,
    "\n  query Album($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      albumSelection {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n    }\n  }\n": types.AlbumDocument,
    "\n  query AlbumPhotos($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      albumSelection {\n        photoIds\n        photos(first: 100) {\n          edges {\n            node {\n              id\n              filename\n              urls {\n                thumbnail\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n": types.AlbumPhotosDocument,
    "\n  fragment AlbumGallery on Gallery {\n    id\n    albumSelection {\n      state\n      maxPhotos\n      photoCount\n      excess\n      sentAt\n      photoIds\n    }\n  }\n": types.AlbumGalleryFragmentDoc,
    "\n  mutation AddToAlbum($input: AlbumPhotosInput!) {\n    addToAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.AddToAlbumDocument,
    "\n  mutation RemoveFromAlbum($input: AlbumPhotosInput!) {\n    removeFromAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.RemoveFromAlbumDocument,
    "\n  mutation SendAlbum($input: SendAlbumInput!) {\n    sendAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.SendAlbumDocument,
    "\n  query ContactGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n    }\n  }\n": types.ContactGalleryDocument,
    "\n  mutation NewCaptcha {\n    newCaptcha {\n      captcha {\n        id\n        imageUrl\n        audioUrl\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.NewCaptchaDocument,
    "\n  mutation ContactPhotographer($input: ContactPhotographerInput!) {\n    contactPhotographer(input: $input) {\n      sent\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.ContactPhotographerDocument,
    "\n  fragment DownloadsSection_prices on Prices {\n    formats {\n      id\n      name\n      kind\n      digitalQuality\n      onlyInPack\n      position\n      unitPrice {\n        amount\n        currency\n      }\n    }\n  }\n": types.DownloadsSection_PricesFragmentDoc,
    "\n  fragment GalleryCover_gallery on Gallery {\n    id\n    eventName\n    eventDateString\n    coverPhotoPosition\n    lightenHomepage\n    hideSaleEmphasis\n    photographer {\n      id\n      name\n    }\n    coverPhoto {\n      id\n      filename\n      width\n      height\n      dominantColor\n      urls {\n        viewer\n        srcSet\n      }\n    }\n  }\n": types.GalleryCover_GalleryFragmentDoc,
    "\n  fragment GalleryHeader_gallery on Gallery {\n    id\n    eventName\n    auth {\n      accessCodeAuthorized\n    }\n    ...MusicPlayer_gallery\n  }\n": types.GalleryHeader_GalleryFragmentDoc,
    "\n  query GalleryHome($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      showFilename\n      hideSaleEmphasis\n      lightenHomepage\n      theme {\n        photosLayout\n      }\n      auth {\n        accessCodeAuthorized\n        needEmail\n      }\n      ...GalleryCover_gallery\n    }\n  }\n": types.GalleryHomeDocument,
    "\n  query GalleryShop($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      availablePacks {\n        id\n        ...PackCard_pack\n      }\n      prices {\n        ...PrintsSection_prices\n        ...DownloadsSection_prices\n      }\n    }\n  }\n": types.GalleryShopDocument,
    "\n  query GalleryPhotos($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photos(first: $first, after: $after) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n            ...PhotoCard_photo\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.GalleryPhotosDocument,
    "\n  query GalleryVideos($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      videos(first: 100) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n            ...VideoCard_video\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.GalleryVideosDocument,
    "\n  query GalleryPhotographerSelection($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photographerSelection {\n        count\n        photos(first: 100) {\n          edges {\n            node {\n              id\n              ...PhotoCard_photo\n            }\n          }\n        }\n      }\n    }\n  }\n": types.GalleryPhotographerSelectionDocument,
    "\n  fragment MusicPlayer_gallery on Gallery {\n    music {\n      active\n      track {\n        id\n        title\n        url\n      }\n    }\n  }\n": types.MusicPlayer_GalleryFragmentDoc,
    "\n  fragment PackCard_pack on Pack {\n    id\n    pack\n    displayName\n    description\n    gift\n    unitPrice {\n      amount\n      currency\n    }\n    formats {\n      quantity\n      format {\n        id\n        name\n      }\n    }\n    digitalFiles {\n      quantity\n      format {\n        id\n        name\n      }\n    }\n  }\n": types.PackCard_PackFragmentDoc,
    "\n  fragment PhotoCard_photo on Photo {\n    id\n    filename\n    width\n    height\n    dominantColor\n    urls {\n      thumbnail\n      srcSet\n    }\n  }\n": types.PhotoCard_PhotoFragmentDoc,
    "\n  fragment PrintsSection_prices on Prices {\n    categories {\n      id\n      name\n      description\n      section\n      position\n    }\n    formats {\n      id\n      kind\n      onlyInPack\n      position\n      unitPrice {\n        amount\n        currency\n      }\n      category {\n        id\n      }\n    }\n  }\n": types.PrintsSection_PricesFragmentDoc,
    "\n  fragment VideoCard_video on Video {\n    id\n    title\n    host\n    thumbnailUrl\n    embedUrl\n  }\n": types.VideoCard_VideoFragmentDoc,
    "\n  query PhotoGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      showFilename\n      theme {\n        viewerLimitSize\n        viewerMaxSize\n      }\n    }\n  }\n": types.PhotoGalleryDocument,
    "\n  query PhotoNode($photoId: ID!) {\n    node(id: $photoId) {\n      __typename\n      id\n      ... on Photo {\n        ...PhotoViewer_photo\n      }\n    }\n  }\n": types.PhotoNodeDocument,
    "\n  query PhotoSequence($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photos(first: $first, after: $after) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n": types.PhotoSequenceDocument,
    "\n  fragment PhotoViewer_photo on Photo {\n    id\n    filename\n    width\n    height\n    dominantColor\n    urls {\n      viewer\n      srcSet\n    }\n  }\n": types.PhotoViewer_PhotoFragmentDoc,
    "\n  query Favorites($galleryId: ID!) {\n    mySelection(galleryId: $galleryId, id: \"favorites\") {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n    }\n  }\n": types.FavoritesDocument,
    "\n  query MySelections($galleryId: ID!) {\n    mySelections(galleryId: $galleryId) {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n    }\n  }\n": types.MySelectionsDocument,
    "\n  mutation AddToSelection($input: SelectionItemsInput!) {\n    addToSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.AddToSelectionDocument,
    "\n  mutation RemoveFromSelection($input: SelectionItemsInput!) {\n    removeFromSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.RemoveFromSelectionDocument,
    "\n  mutation CreateSelection($input: CreateSelectionInput!) {\n    createSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.CreateSelectionDocument,
    "\n  mutation DeleteSelection($input: DeleteSelectionInput!) {\n    deleteSelection(input: $input) {\n      deletedSelectionId\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.DeleteSelectionDocument,
    "\n  query SelectionGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n    }\n  }\n": types.SelectionGalleryDocument,
    "\n  query SelectionPage($galleryId: ID!, $id: ID!) {\n    mySelection(galleryId: $galleryId, id: $id) {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n      photos(first: 100) {\n        edges {\n          node {\n            id\n            ...SelectionPhoto_photo\n          }\n        }\n      }\n    }\n  }\n": types.SelectionPageDocument,
    "\n  fragment SelectionPhoto_photo on Photo {\n    id\n    filename\n    dominantColor\n    urls {\n      thumbnail\n    }\n  }\n": types.SelectionPhoto_PhotoFragmentDoc,
    "\n  mutation ShareGallery($input: ShareGalleryInput!) {\n    shareGallery(input: $input) {\n      recipients\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n": types.ShareGalleryDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GalleryShell($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      url\n      eventName\n      auth {\n        accessCodeAuthorized\n        needEmail\n        isClient\n        isPhotographer\n      }\n      theme {\n        theme\n        variant\n        photosGap {\n          value\n        }\n        colorTheme {\n          colors {\n            primary\n            secondary\n            accent\n            light\n          }\n        }\n      }\n      ...GalleryHeader_gallery\n      ...AccountActions_gallery\n      ...NeedEmailHost_gallery\n      ...WelcomePopup_gallery\n    }\n  }\n"): (typeof documents)["\n  query GalleryShell($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      url\n      eventName\n      auth {\n        accessCodeAuthorized\n        needEmail\n        isClient\n        isPhotographer\n      }\n      theme {\n        theme\n        variant\n        photosGap {\n          value\n        }\n        colorTheme {\n          colors {\n            primary\n            secondary\n            accent\n            light\n          }\n        }\n      }\n      ...GalleryHeader_gallery\n      ...AccountActions_gallery\n      ...NeedEmailHost_gallery\n      ...WelcomePopup_gallery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccessAuthState on AuthState {\n    accessCodeAuthorized\n    isClient\n    isPhotographer\n    accessEmail\n    connectedAs\n    needEmail\n  }\n"): (typeof documents)["\n  fragment AccessAuthState on AuthState {\n    accessCodeAuthorized\n    isClient\n    isPhotographer\n    accessEmail\n    connectedAs\n    needEmail\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccessGalleryAuth on Gallery {\n    id\n    auth {\n      accessCodeAuthorized\n      isClient\n      isPhotographer\n      accessEmail\n      connectedAs\n      needEmail\n    }\n  }\n"): (typeof documents)["\n  fragment AccessGalleryAuth on Gallery {\n    id\n    auth {\n      accessCodeAuthorized\n      isClient\n      isPhotographer\n      accessEmail\n      connectedAs\n      needEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnterAccessCode($input: EnterAccessCodeInput!) {\n    enterAccessCode(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation EnterAccessCode($input: EnterAccessCodeInput!) {\n    enterAccessCode(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccessCodePage($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      accessPolicy {\n        hasClients\n      }\n      auth {\n        accessCodeAuthorized\n      }\n      ...AccessCover_gallery\n    }\n  }\n"): (typeof documents)["\n  query AccessCodePage($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      accessPolicy {\n        hasClients\n      }\n      auth {\n        accessCodeAuthorized\n      }\n      ...AccessCover_gallery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccessCover_gallery on Gallery {\n    id\n    eventName\n    eventDateString\n    coverPhotoPosition\n    photographer {\n      id\n      name\n    }\n    coverPhoto {\n      id\n      dominantColor\n      urls {\n        viewer\n        srcSet\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment AccessCover_gallery on Gallery {\n    id\n    eventName\n    eventDateString\n    coverPhotoPosition\n    photographer {\n      id\n      name\n    }\n    coverPhoto {\n      id\n      dominantColor\n      urls {\n        viewer\n        srcSet\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccountActions_gallery on Gallery {\n    id\n    accessPolicy {\n      isPublic\n      needEmail\n      hasClients\n    }\n    auth {\n      accessCodeAuthorized\n      isClient\n      isPhotographer\n      accessEmail\n    }\n  }\n"): (typeof documents)["\n  fragment AccountActions_gallery on Gallery {\n    id\n    accessPolicy {\n      isPublic\n      needEmail\n      hasClients\n    }\n    auth {\n      accessCodeAuthorized\n      isClient\n      isPhotographer\n      accessEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EnterClientCode($input: EnterAccessCodeInput!) {\n    enterClientCode(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation EnterClientCode($input: EnterAccessCodeInput!) {\n    enterClientCode(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RequestEmailCode($input: RequestEmailCodeInput!) {\n    requestEmailCode(input: $input) {\n      email\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RequestEmailCode($input: RequestEmailCodeInput!) {\n    requestEmailCode(input: $input) {\n      email\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Logout($input: LogoutInput!) {\n    logout(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation Logout($input: LogoutInput!) {\n    logout(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment NeedEmailHost_gallery on Gallery {\n    id\n    auth {\n      needEmail\n    }\n  }\n"): (typeof documents)["\n  fragment NeedEmailHost_gallery on Gallery {\n    id\n    auth {\n      needEmail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConfirmEmail($input: ConfirmEmailInput!) {\n    confirmEmail(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ConfirmEmail($input: ConfirmEmailInput!) {\n    confirmEmail(input: $input) {\n      auth {\n        ...AccessAuthState\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecoverClientCode($input: RecoverClientCodeInput!) {\n    recoverClientCode(input: $input) {\n      sent\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RecoverClientCode($input: RecoverClientCodeInput!) {\n    recoverClientCode(input: $input) {\n      sent\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WelcomePopup_gallery on Gallery {\n    id\n    accessPolicy {\n      hasClients\n    }\n    auth {\n      accessCodeAuthorized\n      needEmail\n      isClient\n    }\n    welcomePopupConfig {\n      mode\n      messageForClients\n      messageForVisitors\n    }\n  }\n"): (typeof documents)["\n  fragment WelcomePopup_gallery on Gallery {\n    id\n    accessPolicy {\n      hasClients\n    }\n    auth {\n      accessCodeAuthorized\n      needEmail\n      isClient\n    }\n    welcomePopupConfig {\n      mode\n      messageForClients\n      messageForVisitors\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Album($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      albumSelection {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n    }\n  }\n"): (typeof documents)["\n  query Album($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      albumSelection {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AlbumPhotos($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      albumSelection {\n        photoIds\n        photos(first: 100) {\n          edges {\n            node {\n              id\n              filename\n              urls {\n                thumbnail\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query AlbumPhotos($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      albumSelection {\n        photoIds\n        photos(first: 100) {\n          edges {\n            node {\n              id\n              filename\n              urls {\n                thumbnail\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AlbumGallery on Gallery {\n    id\n    albumSelection {\n      state\n      maxPhotos\n      photoCount\n      excess\n      sentAt\n      photoIds\n    }\n  }\n"): (typeof documents)["\n  fragment AlbumGallery on Gallery {\n    id\n    albumSelection {\n      state\n      maxPhotos\n      photoCount\n      excess\n      sentAt\n      photoIds\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddToAlbum($input: AlbumPhotosInput!) {\n    addToAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddToAlbum($input: AlbumPhotosInput!) {\n    addToAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFromAlbum($input: AlbumPhotosInput!) {\n    removeFromAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveFromAlbum($input: AlbumPhotosInput!) {\n    removeFromAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendAlbum($input: SendAlbumInput!) {\n    sendAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation SendAlbum($input: SendAlbumInput!) {\n    sendAlbum(input: $input) {\n      album {\n        state\n        maxPhotos\n        photoCount\n        excess\n        sentAt\n        photoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ContactGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n    }\n  }\n"): (typeof documents)["\n  query ContactGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation NewCaptcha {\n    newCaptcha {\n      captcha {\n        id\n        imageUrl\n        audioUrl\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation NewCaptcha {\n    newCaptcha {\n      captcha {\n        id\n        imageUrl\n        audioUrl\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ContactPhotographer($input: ContactPhotographerInput!) {\n    contactPhotographer(input: $input) {\n      sent\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ContactPhotographer($input: ContactPhotographerInput!) {\n    contactPhotographer(input: $input) {\n      sent\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DownloadsSection_prices on Prices {\n    formats {\n      id\n      name\n      kind\n      digitalQuality\n      onlyInPack\n      position\n      unitPrice {\n        amount\n        currency\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment DownloadsSection_prices on Prices {\n    formats {\n      id\n      name\n      kind\n      digitalQuality\n      onlyInPack\n      position\n      unitPrice {\n        amount\n        currency\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GalleryCover_gallery on Gallery {\n    id\n    eventName\n    eventDateString\n    coverPhotoPosition\n    lightenHomepage\n    hideSaleEmphasis\n    photographer {\n      id\n      name\n    }\n    coverPhoto {\n      id\n      filename\n      width\n      height\n      dominantColor\n      urls {\n        viewer\n        srcSet\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment GalleryCover_gallery on Gallery {\n    id\n    eventName\n    eventDateString\n    coverPhotoPosition\n    lightenHomepage\n    hideSaleEmphasis\n    photographer {\n      id\n      name\n    }\n    coverPhoto {\n      id\n      filename\n      width\n      height\n      dominantColor\n      urls {\n        viewer\n        srcSet\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment GalleryHeader_gallery on Gallery {\n    id\n    eventName\n    auth {\n      accessCodeAuthorized\n    }\n    ...MusicPlayer_gallery\n  }\n"): (typeof documents)["\n  fragment GalleryHeader_gallery on Gallery {\n    id\n    eventName\n    auth {\n      accessCodeAuthorized\n    }\n    ...MusicPlayer_gallery\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GalleryHome($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      showFilename\n      hideSaleEmphasis\n      lightenHomepage\n      theme {\n        photosLayout\n      }\n      auth {\n        accessCodeAuthorized\n        needEmail\n      }\n      ...GalleryCover_gallery\n    }\n  }\n"): (typeof documents)["\n  query GalleryHome($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      showFilename\n      hideSaleEmphasis\n      lightenHomepage\n      theme {\n        photosLayout\n      }\n      auth {\n        accessCodeAuthorized\n        needEmail\n      }\n      ...GalleryCover_gallery\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GalleryShop($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      availablePacks {\n        id\n        ...PackCard_pack\n      }\n      prices {\n        ...PrintsSection_prices\n        ...DownloadsSection_prices\n      }\n    }\n  }\n"): (typeof documents)["\n  query GalleryShop($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      availablePacks {\n        id\n        ...PackCard_pack\n      }\n      prices {\n        ...PrintsSection_prices\n        ...DownloadsSection_prices\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GalleryPhotos($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photos(first: $first, after: $after) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n            ...PhotoCard_photo\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query GalleryPhotos($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photos(first: $first, after: $after) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n            ...PhotoCard_photo\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GalleryVideos($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      videos(first: 100) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n            ...VideoCard_video\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query GalleryVideos($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      videos(first: 100) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n            ...VideoCard_video\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query GalleryPhotographerSelection($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photographerSelection {\n        count\n        photos(first: 100) {\n          edges {\n            node {\n              id\n              ...PhotoCard_photo\n            }\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query GalleryPhotographerSelection($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photographerSelection {\n        count\n        photos(first: 100) {\n          edges {\n            node {\n              id\n              ...PhotoCard_photo\n            }\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MusicPlayer_gallery on Gallery {\n    music {\n      active\n      track {\n        id\n        title\n        url\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment MusicPlayer_gallery on Gallery {\n    music {\n      active\n      track {\n        id\n        title\n        url\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PackCard_pack on Pack {\n    id\n    pack\n    displayName\n    description\n    gift\n    unitPrice {\n      amount\n      currency\n    }\n    formats {\n      quantity\n      format {\n        id\n        name\n      }\n    }\n    digitalFiles {\n      quantity\n      format {\n        id\n        name\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment PackCard_pack on Pack {\n    id\n    pack\n    displayName\n    description\n    gift\n    unitPrice {\n      amount\n      currency\n    }\n    formats {\n      quantity\n      format {\n        id\n        name\n      }\n    }\n    digitalFiles {\n      quantity\n      format {\n        id\n        name\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PhotoCard_photo on Photo {\n    id\n    filename\n    width\n    height\n    dominantColor\n    urls {\n      thumbnail\n      srcSet\n    }\n  }\n"): (typeof documents)["\n  fragment PhotoCard_photo on Photo {\n    id\n    filename\n    width\n    height\n    dominantColor\n    urls {\n      thumbnail\n      srcSet\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PrintsSection_prices on Prices {\n    categories {\n      id\n      name\n      description\n      section\n      position\n    }\n    formats {\n      id\n      kind\n      onlyInPack\n      position\n      unitPrice {\n        amount\n        currency\n      }\n      category {\n        id\n      }\n    }\n  }\n"): (typeof documents)["\n  fragment PrintsSection_prices on Prices {\n    categories {\n      id\n      name\n      description\n      section\n      position\n    }\n    formats {\n      id\n      kind\n      onlyInPack\n      position\n      unitPrice {\n        amount\n        currency\n      }\n      category {\n        id\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment VideoCard_video on Video {\n    id\n    title\n    host\n    thumbnailUrl\n    embedUrl\n  }\n"): (typeof documents)["\n  fragment VideoCard_video on Video {\n    id\n    title\n    host\n    thumbnailUrl\n    embedUrl\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PhotoGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      showFilename\n      theme {\n        viewerLimitSize\n        viewerMaxSize\n      }\n    }\n  }\n"): (typeof documents)["\n  query PhotoGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      showFilename\n      theme {\n        viewerLimitSize\n        viewerMaxSize\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PhotoNode($photoId: ID!) {\n    node(id: $photoId) {\n      __typename\n      id\n      ... on Photo {\n        ...PhotoViewer_photo\n      }\n    }\n  }\n"): (typeof documents)["\n  query PhotoNode($photoId: ID!) {\n    node(id: $photoId) {\n      __typename\n      id\n      ... on Photo {\n        ...PhotoViewer_photo\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PhotoSequence($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photos(first: $first, after: $after) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query PhotoSequence($url: String!, $previewHash: String, $first: Int!, $after: Cursor) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n      photos(first: $first, after: $after) {\n        totalCount\n        edges {\n          cursor\n          node {\n            id\n          }\n        }\n        pageInfo {\n          hasNextPage\n          endCursor\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PhotoViewer_photo on Photo {\n    id\n    filename\n    width\n    height\n    dominantColor\n    urls {\n      viewer\n      srcSet\n    }\n  }\n"): (typeof documents)["\n  fragment PhotoViewer_photo on Photo {\n    id\n    filename\n    width\n    height\n    dominantColor\n    urls {\n      viewer\n      srcSet\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Favorites($galleryId: ID!) {\n    mySelection(galleryId: $galleryId, id: \"favorites\") {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n    }\n  }\n"): (typeof documents)["\n  query Favorites($galleryId: ID!) {\n    mySelection(galleryId: $galleryId, id: \"favorites\") {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MySelections($galleryId: ID!) {\n    mySelections(galleryId: $galleryId) {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n    }\n  }\n"): (typeof documents)["\n  query MySelections($galleryId: ID!) {\n    mySelections(galleryId: $galleryId) {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddToSelection($input: SelectionItemsInput!) {\n    addToSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation AddToSelection($input: SelectionItemsInput!) {\n    addToSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveFromSelection($input: SelectionItemsInput!) {\n    removeFromSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation RemoveFromSelection($input: SelectionItemsInput!) {\n    removeFromSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSelection($input: CreateSelectionInput!) {\n    createSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation CreateSelection($input: CreateSelectionInput!) {\n    createSelection(input: $input) {\n      selection {\n        id\n        name\n        isFavorites\n        photoIds\n        videoIds\n      }\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteSelection($input: DeleteSelectionInput!) {\n    deleteSelection(input: $input) {\n      deletedSelectionId\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation DeleteSelection($input: DeleteSelectionInput!) {\n    deleteSelection(input: $input) {\n      deletedSelectionId\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SelectionGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n    }\n  }\n"): (typeof documents)["\n  query SelectionGallery($url: String!, $previewHash: String) {\n    gallery(url: $url, previewHash: $previewHash) {\n      id\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SelectionPage($galleryId: ID!, $id: ID!) {\n    mySelection(galleryId: $galleryId, id: $id) {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n      photos(first: 100) {\n        edges {\n          node {\n            id\n            ...SelectionPhoto_photo\n          }\n        }\n      }\n    }\n  }\n"): (typeof documents)["\n  query SelectionPage($galleryId: ID!, $id: ID!) {\n    mySelection(galleryId: $galleryId, id: $id) {\n      id\n      name\n      isFavorites\n      photoIds\n      videoIds\n      photos(first: 100) {\n        edges {\n          node {\n            id\n            ...SelectionPhoto_photo\n          }\n        }\n      }\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SelectionPhoto_photo on Photo {\n    id\n    filename\n    dominantColor\n    urls {\n      thumbnail\n    }\n  }\n"): (typeof documents)["\n  fragment SelectionPhoto_photo on Photo {\n    id\n    filename\n    dominantColor\n    urls {\n      thumbnail\n    }\n  }\n"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ShareGallery($input: ShareGalleryInput!) {\n    shareGallery(input: $input) {\n      recipients\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"): (typeof documents)["\n  mutation ShareGallery($input: ShareGalleryInput!) {\n    shareGallery(input: $input) {\n      recipients\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }\n"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;